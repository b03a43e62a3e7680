// Types for importing one lucide icon by its file (`import Menu from "lucide-react/dist/esm/icons/menu.js"`).
// Why the pages reached by the landing page do that instead of `import { Menu } from "lucide-react"`: esbuild
// groups code into chunks by which entry points can reach a file, and through the package's index every route
// reaches every icon the app uses, so each page, the landing page included, downloaded all of them (~6 KB gz).
declare module "lucide-react/dist/esm/icons/*.js" {
  import type { LucideIcon } from "lucide-react";
  const Icon: LucideIcon;
  export default Icon;
}
