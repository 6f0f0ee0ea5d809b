/** /admin/monitoring (admin and sales read it): the overview of server/monitoring/overview.ts. */
import { PAGE_TYPES, type PageType } from '../../monitoring/page-types.ts';
import { pageContext, render, type AdminServices, type PageServices, type SignedIn } from '../context.ts';
import { monitoringPage } from '../views/monitoring.ts';

/** What /admin/monitoring reads: the overview of each page type. */
type MonitoringServices = PageServices & Pick<AdminServices, 'monitoring'>;

export async function showMonitoring(services: MonitoringServices, state: SignedIn): Promise<void> {
  const asked = state.url.searchParams.get('tipo');
  const type: PageType = PAGE_TYPES.find((known) => known === asked) ?? 'home';
  const view = await services.monitoring.overview(type, state.now);
  render(state, 200, monitoringPage(pageContext(services, state), view));
}
