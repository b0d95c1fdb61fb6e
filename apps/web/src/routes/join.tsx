import { useParams } from 'react-router';
import { pageMeta } from '@/config/page-meta';
import { usePageMeta } from '@/lib/page-meta';
import { JoinInvitation } from '@/features/company/components/join-invitation';

/** /join/:token: the link of a company invitation e-mail. */
const JoinRoute = () => {
  usePageMeta(pageMeta.join);
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <JoinInvitation token={token} />
    </div>
  );
};

export default JoinRoute;
