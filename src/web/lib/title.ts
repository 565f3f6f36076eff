import { useEffect } from 'react';

const SITE = 'HackTeams';
const HOME_TITLE = 'HackTeams: find your hackathon team';

/** The browser tab's title for the page shown: '{title} · HackTeams', or the site's own on the home page. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : HOME_TITLE;
  }, [title]);
}
