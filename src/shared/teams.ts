/** Rules about a team's size that the server and the web app share (no schema code: the web app's first paint reads these). */

/** A team with as many members as its size takes no more. */
export const isFull = (team: { memberCount: number; maxSize: number }) => team.memberCount >= team.maxSize;
/** Open and with room: it shows its positions, takes requests and is offered people. */
export const isRecruiting = (team: { isOpen: boolean; memberCount: number; maxSize: number }) => team.isOpen && !isFull(team);
