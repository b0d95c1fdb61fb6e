import { blogsMeta } from '@/config/meta/blogs';
import { usePageMeta } from '@/lib/page-meta';
import { lazyContent } from '@/lib/lazy-content';
import { Page } from '@/components/layout/page';
import { ServerMarkup } from '@/components/ui/server-markup';

// Text that never changes: the page keeps the server's markup, and loads this only on a visit from
// another page of the app.
const BlogAnswers = lazyContent(() => import('@/features/blogs/components/blog-answers'));

/** /blogs: six question-and-answer cards (docs/product.md §2). */
const BlogsRoute = () => {
  usePageMeta(blogsMeta);
  return (
    <Page
      title="Blogs"
      lead="Questions we are often asked about building web applications like this one, answered by our engineering team."
    >
      <ServerMarkup
        id="blog-answers"
        Content={BlogAnswers}
        fallback={<p role="status">Loading the answers…</p>}
      />
    </Page>
  );
};

export default BlogsRoute;
