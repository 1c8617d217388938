/** The profile's lists (sessions, tokens) load this many at a time: a short screen, the rest behind "Load more". */
export const PROFILE_PAGE_SIZE = 20;
