/**
 * Components available in every wiki page without an import: the Markdown elements the wiki restyles
 * (h2, h3, pre, table) and the blocks editors use in MDX (cards, callouts, badges, diagrams…).
 * Documented for editors on the page /wikiangram/content-guide.
 */
import AlertLevels from './AlertLevels.astro';
import ArchitectureDiagram from './ArchitectureDiagram.astro';
import Callout from './Callout.astro';
import Card from './Card.astro';
import CardGrid from './CardGrid.astro';
import Checklist from './Checklist.astro';
import ColorSwatches from './ColorSwatches.astro';
import ConsultingOffers from './ConsultingOffers.astro';
import EmailPreviews from './EmailPreviews.astro';
import EmailVariables from './EmailVariables.astro';
import ExternalLink from './ExternalLink.astro';
import GlassDemo from './GlassDemo.astro';
import H2 from './H2.astro';
import H3 from './H3.astro';
import Pane from './Pane.astro';
import Pre from './Pre.astro';
import SideBySide from './SideBySide.astro';
import StackVersions from './StackVersions.astro';
import StatCards from './StatCards.astro';
import StatusBadge from './StatusBadge.astro';
import Steps from './Steps.astro';
import Table from './Table.astro';
import TypeScale from './TypeScale.astro';

export const WIKI_MDX_COMPONENTS = {
  h2: H2,
  h3: H3,
  pre: Pre,
  table: Table,
  AlertLevels,
  ArchitectureDiagram,
  Callout,
  Card,
  CardGrid,
  Checklist,
  ColorSwatches,
  ConsultingOffers,
  EmailPreviews,
  EmailVariables,
  ExternalLink,
  GlassDemo,
  Pane,
  SideBySide,
  StackVersions,
  StatCards,
  StatusBadge,
  Steps,
  TypeScale,
};
