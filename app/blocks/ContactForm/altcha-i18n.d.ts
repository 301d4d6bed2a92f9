// The package ships this language pack without its own type file; importing it only registers strings.
declare module 'altcha/i18n/fr-fr'
