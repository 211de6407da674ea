// What other features use of the organisation's settings (STYLE.md: a feature uses another through its service.ts).
export { defaultSiteSettings, readSiteSettings, writeSiteSettings } from './settings.ts';
