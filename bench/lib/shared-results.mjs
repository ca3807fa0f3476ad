/** Figures one section leaves for a later section of the same run (the cli section reuses curl's). */
export const sharedResults = {};
