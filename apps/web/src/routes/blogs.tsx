import { blogsMeta } from '@/config/meta/blogs';
import { usePageMeta } from '@/lib/page-meta';
import { Page } from '@/components/layout/page';
import { blogPosts } from '@/content/blogs';
import { BlogCard } from '@/features/blogs/components/blog-card';

/** /blogs: six question-and-answer cards (docs/product.md §2); the text is in content/blogs.ts. */
const BlogsRoute = () => {
  usePageMeta(blogsMeta);
  return (
    <Page
      title="Blogs"
      lead="Questions we are often asked about building web applications like this one, answered by our engineering team."
    >
      <nav aria-label="Questions" className="mb-8">
        <ul className="flex flex-wrap gap-2">
          {blogPosts.map((post) => (
            <li key={post.slug}>
              <a href={`#${post.slug}`} className="badge badge-lg badge-outline hover:bg-base-200">
                {post.topic}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-6 lg:grid-cols-2">
        {blogPosts.map((post, index) => (
          <BlogCard key={post.slug} post={post} index={index} />
        ))}
      </div>
    </Page>
  );
};

export default BlogsRoute;
