/** The query parameter of a page in the admin's preview pane: the id of the editor's unsaved values laid over it (ADR 099). */
export const overlayParameter = 'overlay'
