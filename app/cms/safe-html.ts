declare const safeHtmlBrand: unique symbol

/**
 * HTML that went through the allow-list sanitizer (app/server/cms-client/sanitize.ts).
 * Only that sanitizer creates values of this type, so `dangerouslySetInnerHTML`
 * in RichText can only ever receive sanitized markup.
 */
export type SafeHtml = string & { readonly [safeHtmlBrand]: true }
