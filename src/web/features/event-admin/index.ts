/**
 * The organizer's screens (/hackathons/new, /hackathons/{slug}/edit, /hackathons/{slug}/staff): the
 * app shell loads each page by its route; no other feature uses this one, so nothing is exported.
 */
export {};
