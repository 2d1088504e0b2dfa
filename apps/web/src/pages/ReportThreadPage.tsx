import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { ThreadView } from '../owner/threads/ThreadView';

/** One finder conversation, reached from the dashboard, /reports or the owner's e-mail. */
export default function ReportThreadPage() {
  usePageTitle('Conversation');
  const { id = '' } = useParams();
  return (
    <section className="page container" aria-labelledby="page-title">
      <ThreadView key={id} reportId={id} />
    </section>
  );
}
