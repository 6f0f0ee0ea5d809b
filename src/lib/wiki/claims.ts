/**
 * Sentences of the wiki whose truth needs reading the code, each with the check that reads it. The
 * test (facts.test.ts) fails when a page no longer says it (`says`) or the code no longer does it
 * (`check`): change both together. To add one, write the page's wording as a pattern and a check that
 * returns `null` when the code agrees, or what it found instead.
 */

/** Read-only view of the repository the checks use (paths from the project root). */
export interface Repo {
  read(path: string): string;
  exists(path: string): boolean;
  /** Paths matching a glob, e.g. `src/schemas/*.ts`. */
  list(pattern: string): string[];
}

export interface WikiClaim {
  /** Wiki page slug (`content/wiki/<page>.mdx`). */
  page: string;
  /** The wording on the page the claim is about. */
  says: RegExp;
  /** `null` when the code agrees; otherwise what the code does instead. */
  check(repo: Repo): string | null;
}

/** `null` when `source` matches, or a message naming the file and what was looked for. */
function expect(repo: Repo, path: string, pattern: RegExp, what: string): string | null {
  if (!repo.exists(path)) return `${path} no existe`;
  return pattern.test(repo.read(path)) ? null : `${path} no ${what}`;
}

/** Modules among `paths` that import zod, with the specifier they import it from. */
function zodImports(repo: Repo, paths: readonly string[]): Array<[string, string]> {
  return paths
    .filter((path) => !/\.test\.tsx?$/.test(path))
    .flatMap((path) =>
      [...repo.read(path).matchAll(/from '(zod(?:\/[\w-]+)?|astro\/zod)'/g)].map((match): [string, string] => [
        path,
        match[1] ?? '',
      ]),
    );
}

function allFrom(repo: Repo, patterns: readonly string[], specifier: string): string | null {
  const imports = zodImports(
    repo,
    patterns.flatMap((pattern) => repo.list(pattern)),
  );
  if (imports.length === 0) return `ningún archivo de ${patterns.join(', ')} importa zod`;
  const others = imports.filter(([, from]) => from !== specifier);
  return others.length === 0 ? null : others.map(([path, from]) => `${path} importa '${from}'`).join('; ');
}

export const WIKI_CLAIMS: readonly WikiClaim[] = [
  {
    page: 'typography',
    says: /\(`<strong>` también es semibold: no se sirve el 700\)/,
    check: (repo) =>
      expect(
        repo,
        'src/styles/global.css',
        /b,\s*strong \{\s*font-weight: var\(--font-weight-semibold\);\s*\}/,
        'dibuja b y strong en seminegrita',
      ) ??
      expect(
        repo,
        'src/integrations/fonts/site-fonts.ts',
        /weight: \{ min: 400, max: 600 \}/,
        'sirve Inter de 400 a 600',
      ),
  },
  {
    page: 'seo',
    says: /La 404 apunta a su propia dirección \(`\/404`/,
    check: (repo) =>
      expect(
        repo,
        'src/lib/seo/resolve.ts',
        /const canonical = absoluteUrl\(path, site\);/,
        'da canónica a toda página, la 404 incluida',
      ),
  },
  {
    page: 'forms-ctas',
    says: /el nombre accesible del enlace es el título seguido de esas palabras/,
    check: (repo) =>
      expect(
        repo,
        'src/components/portfolio/PortfolioCard.astro',
        /aria-label=\{`\$\{data\.title\}, \$\{linkLabel\}`\}/,
        'nombra el enlace con el título y «Ver Caso»',
      ) ??
      expect(
        repo,
        'src/components/ui/FeatureCard.astro',
        /aria-label=\{linkLabel \? `\$\{title\}, \$\{linkLabel\}` : undefined\}/,
        'nombra el enlace con el título y «Ver Más»',
      ),
  },
  {
    page: 'responsive',
    says: /deja en `screenshots\/` la página a 320, 375 y 1440 px/,
    check: (repo) =>
      expect(
        repo,
        'scripts/screenshots.ts',
        /for \(const width of \[320, 375, 1440\]\)/,
        'captura a 320, 375 y 1440 px',
      ),
  },
  {
    page: 'navigation',
    says: /`BaseLayout` hidrata con `client:interact`/,
    check: (repo) =>
      expect(
        repo,
        'src/layouts/BaseLayout.astro',
        /<Navbar\s+client:interact\b/,
        'hidrata la barra con client:interact',
      ),
  },
  {
    page: 'navigation',
    says: /un `IntersectionObserver` pone `data-solid` en el propio `<header>`/,
    check: (repo) =>
      expect(
        repo,
        'src/enhancements/navbar.ts',
        /new IntersectionObserver\([\s\S]*setSolid\(/,
        'cambia la barra con un IntersectionObserver',
      ) ??
      expect(
        repo,
        'src/styles/navbar.css',
        /\.site-nav::before \{[\s\S]*?opacity: 0;/,
        'anima solo la opacidad de la capa',
      ),
  },
  {
    page: 'navigation',
    says: /popover nativo\s+\(`popover` en el panel, `popovertarget` en el botón\)/,
    check: (repo) =>
      expect(repo, 'src/islands/navbar/Navbar.tsx', /popover="auto"/, 'abre el menú con un popover') ??
      expect(
        repo,
        'src/islands/navbar/Navbar.tsx',
        /popoverTarget=\{MENU_ID\}/,
        'une el botón al menú con popovertarget',
      ),
  },
  {
    page: 'main-pages',
    says: /`<details>` del\s+grupo `name="faq"`[\s\S]*hidrata con `client:interact` al primer uso \(o en\s+cuanto la dirección nombra una pregunta\)/,
    check: (repo) =>
      expect(
        repo,
        'src/components/pages/FaqPage.astro',
        /<FaqAccordion\s+client:interact=\{\{ hash: ITEM_ID_PREFIX, replayKeys: FOCUS_KEYS \}\}/,
        'hidrata el FAQ al primer uso o con un enlace a una pregunta',
      ) ??
      expect(repo, 'src/islands/faq/accordion.ts', /FAQ_GROUP = 'faq'/, "agrupa las preguntas con name='faq'") ??
      expect(
        repo,
        'src/islands/faq/FaqAccordion.tsx',
        /<details\b[^>]*name=\{FAQ_GROUP\}/,
        'dibuja cada pregunta como <details name>',
      ),
  },
  {
    page: 'architecture',
    says: /React solo se descarga cuando el visitante usa una isla, con la\s+directiva propia `client:interact`[\s\S]*acercarse a la pantalla \(a 400 px\)/,
    check: (repo) =>
      expect(repo, 'astro.config.mjs', /interactDirective\(\)/, 'registra la directiva client:interact') ??
      expect(
        repo,
        'src/components/forms/FormSection.astro',
        /<LeadForm client:interact=\{\{ near: '400px' \}\}/,
        'hidrata un formulario al usarlo o al acercarse a 400 px',
      ) ??
      expect(repo, 'src/layouts/BaseLayout.astro', /<Navbar\s+client:interact\b/, 'hidrata la barra al usarla') ??
      expect(
        repo,
        'src/components/pages/FaqPage.astro',
        /<FaqAccordion\s+client:interact\b/,
        'hidrata el FAQ al usarlo',
      ),
  },
  {
    page: 'tech-stack',
    says: /\(`core\/forms\/`, `core\/api\/`,\s+`src\/lib\/forms\/` y `src\/lib\/api\/`\), importa `zod\/mini`/,
    check: (repo) =>
      allFrom(repo, ['core/forms/*.ts', 'core/api/*.ts', 'src/lib/forms/*.ts', 'src/lib/api/*.ts'], 'zod/mini'),
  },
  {
    page: 'tech-stack',
    says: /contenido de las páginas \(`src\/schemas\/`\) importan `astro\/zod`/,
    check: (repo) => allFrom(repo, ['src/schemas/*.ts'], 'astro/zod'),
  },
  {
    page: 'tech-stack',
    says: /\(`core\/content\/`\) y la configuración del servidor \(`server\/config\.ts`\) importan `zod` completo/,
    check: (repo) =>
      allFrom(repo, ['core/content/*.ts'], 'zod') ?? expect(repo, 'server/config.ts', /from 'zod'/, "importa 'zod'"),
  },
  {
    page: 'overview',
    says: /solo lo sirve el sitio compilado[\s\S]*`npm run dev`\) no sirve `dist\/`/,
    check: (repo) =>
      expect(repo, 'src/integrations/pagefind.ts', /'astro:build:done'/, 'genera el índice al terminar el build') ??
      (repo.list('public/pagefind/*').length > 0
        ? 'public/pagefind/ existe: el servidor de desarrollo serviría el índice'
        : null),
  },
  {
    page: 'setup',
    says: /`API_PORT=8082 PUBLIC_API_BASE=http:\/\/localhost:8082\/api\/ npm run dev`/,
    check: (repo) =>
      expect(repo, 'scripts/dev.ts', /\{ \.\.\.process\.env\b/, 'pasa las variables de entorno a sus dos procesos') ??
      expect(repo, 'server/config.ts', /API_PORT/, 'lee API_PORT') ??
      expect(repo, 'src/lib/api/client.ts', /resolveApiBase\(PUBLIC_API_BASE/, 'toma la base de PUBLIC_API_BASE'),
  },
  {
    page: 'setup',
    says: /en\s+desarrollo la API solo acepta peticiones del origen `http:\/\/localhost:4321`/,
    check: (repo) =>
      expect(
        repo,
        'server/config.ts',
        /DEV_SITE_ORIGIN = 'http:\/\/localhost:4321'/,
        'acepta el origen http://localhost:4321 en desarrollo',
      ),
  },
  {
    page: 'requirements',
    says: /\| 8081 \| La API sola, en `npm run dev` \(y `npm run api`\) \| `API_PORT` \|/,
    check: (repo) =>
      expect(repo, 'core/api/routes.ts', /DEFAULT_API_PORT = 8081\b/, 'usa 8081 como puerto por defecto de la API'),
  },
  {
    page: 'requirements',
    says: /\| 4321 \| Servidor de desarrollo de Astro \(`npm run dev`\) y servidor de producción \(`npm start`\) \| `PORT`/,
    check: (repo) =>
      expect(repo, 'server/process-config.ts', /port: PORT \?\? 4321\b/, 'escucha en PORT, 4321 por defecto'),
  },
  {
    page: 'architecture',
    says: /\(`build\.format: 'file'`\)[\s\S]*\(`trailingSlash: 'never'`\)/,
    check: (repo) =>
      expect(repo, 'astro.config.mjs', /format: 'file'/, "compila con build.format 'file'") ??
      expect(repo, 'astro.config.mjs', /trailingSlash: 'never'/, "usa trailingSlash 'never'"),
  },
];
