import { useId } from 'react';
import type { Skill } from '@/content/portfolio';

/** Skill bars (docs/product.md §2): a progress bar filled to `value`, with its own `label` beside it. */
export const SkillBars = ({ skills }: { skills: Skill[] }) => {
  const id = useId();
  return (
    <ul className="space-y-4">
      {skills.map((skill, index) => (
        <li key={skill.name} data-testid="skill">
          <div className="mb-1 flex items-baseline justify-between text-sm font-semibold">
            <span id={`${id}-${index}`}>{skill.name}</span>
            <span data-testid="skill-label">{skill.label}</span>
          </div>
          <progress
            className="progress progress-primary h-3 w-full"
            value={skill.value}
            max={100}
            aria-labelledby={`${id}-${index}`}
          />
        </li>
      ))}
    </ul>
  );
};
