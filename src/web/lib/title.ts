import { useEffect } from 'react';

const SITE = 'HackTeams';
const HOME_TITLE = 'HackTeams: find your hackathon team';

/** The page's own title and the unread count: the browser tab shows '(3) Teams · HackTeams'. */
let page = HOME_TITLE;
let unread = 0;
function show() {
  document.title = unread > 0 ? `(${unread > 9 ? '9+' : unread}) ${page}` : page;
}

/** The browser tab's title for the page shown: '{title} · HackTeams', or the site's own on the home page. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    page = title ? `${title} · ${SITE}` : HOME_TITLE;
    show();
  }, [title]);
}

/** Puts the number of unread notifications in front of every page's title (none at 0). */
export function useUnreadInTitle(count: number) {
  useEffect(() => {
    unread = count;
    show();
    return () => {
      unread = 0;
      show();
    };
  }, [count]);
}
