import { blogPosts } from '@/content/blogs';
import { BlogCard } from './blog-card';

/** The questions as links, then each question and its answer (the text is in content/blogs.ts). */
const BlogAnswers = () => (
  <>
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
  </>
);

export default BlogAnswers;
