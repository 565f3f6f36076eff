/** /hackathon: the featured event (a platform setting; docs/product.md#events), shown as its own page. */
import { EventScreen } from './event-page';
import { useFeaturedEvent } from './event-queries';

export default function FeaturedEventPage() {
  const event = useFeaturedEvent();
  return <EventScreen query={event} notFound="No hackathon is featured right now" />;
}
