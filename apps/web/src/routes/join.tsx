import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { otherMeta } from '@/config/meta/others';
import { usePageMeta } from '@/lib/page-meta';
import { Loading } from '@/components/ui/spinner';

// The offer names the role by the labels beside the company schemas, which bring zod (docs/decisions/0042).
const JoinInvitation = lazy(async () => ({
  default: (await import('@/features/company/components/join-invitation')).JoinInvitation,
}));

/** /join/:token: the link of a company invitation e-mail. */
const JoinRoute = () => {
  usePageMeta(otherMeta.join);
  const { token = '' } = useParams();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <Suspense fallback={<Loading label="Loading the invitation" />}>
        <JoinInvitation token={token} />
      </Suspense>
    </div>
  );
};

export default JoinRoute;
