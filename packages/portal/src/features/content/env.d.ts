/// <reference types="vite/client" />
// CSS Modules and import.meta.env typings for the static pages (idempotent if the shell adds them too).
