/** Mounts the reschedule island into the /reunion page: the page's script imports this on the first press. */
import { createRoot } from 'react-dom/client';
import { RescheduleIsland, type RescheduleProps } from './RescheduleIsland.tsx';

export function mountReschedule(container: HTMLElement, props: RescheduleProps): void {
  createRoot(container).render(<RescheduleIsland {...props} />);
}
