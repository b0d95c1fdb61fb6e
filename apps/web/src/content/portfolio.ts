/**
 * The developer portfolio of /portfolio (docs/product.md §2). All of it is here, in one file: the site's owner
 * replaces these details with their own, and the page follows.
 *
 * `value` is the bar's fill (0 to 100) and `label` the text beside it. They are separate on purpose:
 * the spec's Express bar is filled to 70 but labelled 60%.
 */
export type Skill = { name: string; value: number; label: string };
export type Education = { degree: string; school: string; years: string; detail: string };
export type Project = { name: string; description: string; url: string; tech: string[] };

export type Portfolio = {
  name: string;
  role: string;
  summary: string;
  contact: { email: string; phone: string; location: string; github: string; linkedin: string };
  education: Education[];
  skills: Skill[];
  projects: Project[];
};

export const portfolio: Portfolio = {
  name: 'Tanvir Ahmed',
  role: 'Full-stack web developer (MERN)',
  summary:
    'I build fast, accessible web applications with React, Node.js and Express, from the first sketch to the deployed site. This website is one of them.',
  contact: {
    email: 'tanvir.ahmed.dev@example.com',
    phone: '+880 1700-000000',
    location: 'Badda, Dhaka, Bangladesh',
    github: 'https://github.com/tanvir-ahmed-dev',
    linkedin: 'https://www.linkedin.com/in/tanvir-ahmed-dev',
  },
  education: [
    {
      degree: 'B.Sc. in Computer Science and Engineering',
      school: 'United International University, Dhaka',
      years: '2018 – 2022',
      detail: 'Final project: a web platform for small manufacturers to take bulk orders online.',
    },
    {
      degree: 'Higher Secondary Certificate (Science)',
      school: 'Notre Dame College, Dhaka',
      years: '2015 – 2017',
      detail: 'Physics, Chemistry, Higher Mathematics.',
    },
  ],
  skills: [
    { name: 'HTML', value: 90, label: '90%' },
    { name: 'CSS', value: 80, label: '80%' },
    { name: 'JavaScript', value: 70, label: '70%' },
    { name: 'React', value: 70, label: '70%' },
    { name: 'Tailwind', value: 80, label: '80%' },
    { name: 'Express', value: 70, label: '60%' },
  ],
  projects: [
    {
      name: 'Forgeline parts store',
      description:
        'A manufacturer’s catalogue with bulk orders, card payments, reviews and an admin dashboard.',
      url: 'https://github.com/tanvir-ahmed-dev/forgeline',
      tech: ['React', 'Node.js', 'PostgreSQL'],
    },
    {
      name: 'Warehouse inventory manager',
      description: 'Stock levels, deliveries and low-stock alerts for a small warehouse, with sign-in.',
      url: 'https://github.com/tanvir-ahmed-dev/inventory-manager',
      tech: ['React', 'Express', 'MongoDB'],
    },
    {
      name: 'Home repair services booking',
      description: 'A booking site for plumbers and electricians, with reviews and a booking calendar.',
      url: 'https://github.com/tanvir-ahmed-dev/home-repair',
      tech: ['React', 'Tailwind', 'Firebase'],
    },
  ],
};
