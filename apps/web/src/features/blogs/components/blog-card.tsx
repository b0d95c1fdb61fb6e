import type { BlogBlock, BlogPost } from '@/content/blogs';

const Block = ({ block }: { block: BlogBlock }) => {
  switch (block.kind) {
    case 'p':
      return <p className="leading-relaxed text-base-content/85">{block.text}</p>;
    case 'list':
      return (
        <ul className="list-disc space-y-2 pl-5 leading-relaxed text-base-content/85 marker:text-primary">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'code':
      return (
        <pre
          className="overflow-x-auto rounded-box bg-neutral p-4 text-[0.8125rem] leading-relaxed text-neutral-content"
          tabIndex={0}
          aria-label={`Code example (${block.language})`}
        >
          <code>{block.code}</code>
        </pre>
      );
  }
};

/** One question and its answer on /blogs. */
export const BlogCard = ({ post, index }: { post: BlogPost; index: number }) => (
  <article
    id={post.slug}
    data-testid="blog-card"
    aria-labelledby={`${post.slug}-title`}
    className="min-w-0 scroll-mt-24 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
  >
    <p className="eyebrow">
      <span aria-hidden="true">Q{index + 1} · </span>
      {post.topic}
    </p>
    <h2 id={`${post.slug}-title`} className="mt-2 text-xl font-bold leading-snug sm:text-2xl">
      {post.question}
    </h2>
    <div className="mt-4 space-y-4">
      {post.blocks.map((block, blockIndex) => (
        <Block key={blockIndex} block={block} />
      ))}
    </div>
  </article>
);
