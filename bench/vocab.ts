/** Word lists the generator draws from: names, skills, bio sentences, team names and roles. */

export const FIRST_NAMES = [
  'Alex', 'Priya', 'Marcus', 'Sofia', 'Kwame', 'Hannah', 'Diego', 'Yuki', 'Fatima', 'Liam', 'Amara', 'Noah',
  'Isabela', 'Arjun', 'Chloe', 'Mateo', 'Zara', 'Ethan', 'Mei', 'Lucas', 'Aisha', 'Oliver', 'Elena', 'Kenji',
  'Nadia', 'Samuel', 'Freya', 'Ravi', 'Camila', 'Jonas', 'Leila', 'Daniel', 'Ines', 'Tomás', 'Grace', 'Viktor',
  'Maya', 'Hiro', 'Olivia', 'Omar', 'Sara', 'David', 'Anna', 'Mohammed', 'Emma', 'James', 'Lucia', 'Wei',
  'Ana', 'Juan', 'Chen', 'Nia', 'Kofi', 'Ingrid', 'Pedro', 'Aiko', 'Rahul', 'Sana', 'Felix', 'Lea', 'Tariq',
  'Julia', 'Mikhail', 'Ama', 'Carlos', 'Emily', 'Ivan', 'Layla', 'Ben', 'Rosa', 'Ahmed', 'Nora', 'Sven',
  'Keiko', 'Andrés', 'Zoe', 'Musa', 'Clara', 'Hamza', 'Lina', 'Paulo', 'Yara', 'Erik', 'Dina', 'Jin', 'Ruth',
  'Victor', 'Asha', 'Leon', 'Mariam', 'Tom', 'Eva', 'Kai', 'Iman', 'Max', 'Elif', 'Sergio', 'Hana', 'Ali', 'Mia',
];

export const LAST_NAMES = [
  'Rivera', 'Sharma', 'Chen', 'Rossi', 'Mensah', 'Schmidt', 'Alvarez', 'Tanaka', 'Al-Sayed', "O'Connor",
  'Okafor', 'Fischer', 'Costa', 'Patel', 'Dubois', 'Garcia', 'Ahmed', 'Brooks', 'Lin', 'Silva', 'Bello',
  'Novak', 'Popescu', 'Watanabe', 'Haddad', 'Adeyemi', 'Lindqvist', 'Iyer', 'Torres', 'Weber', 'Karimi', 'Kim',
  'Moreau', 'Herrera', 'Wanjiru', 'Ivanov', 'Goldberg', 'Sato', 'Nguyen', 'Farouk', 'Smith', 'Johnson',
  'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin',
  'Jackson', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Müller', 'Kowalski', 'Nakamura', 'Yilmaz', 'Hoang', 'Singh',
  'Kumar', 'Das', 'Park', 'Choi', 'Wang', 'Zhang', 'Liu', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun',
];

/** Rough order of popularity: the generator draws early names far more often (Zipf-like). */
export const SKILLS = [
  'JavaScript', 'Python', 'React', 'TypeScript', 'Node.js', 'UI/UX Design', 'Figma', 'Machine Learning', 'SQL',
  'Java', 'PostgreSQL', 'Docker', 'AWS', 'Git', 'HTML', 'CSS', 'Data Science', 'Next.js', 'Tailwind CSS',
  'Product Management', 'C++', 'Go', 'Flutter', 'React Native', 'Kotlin', 'Swift', 'MongoDB', 'Firebase',
  'TensorFlow', 'PyTorch', 'GraphQL', 'Vue.js', 'Angular', 'Django', 'Flask', 'FastAPI', 'Spring Boot',
  'Rust', 'C#', '.NET', 'Unity', 'Kubernetes', 'Google Cloud', 'Azure', 'Linux', 'Redis', 'Solidity',
  'Web3', 'Blockchain', 'Computer Vision', 'NLP', 'LLMs', 'Prompt Engineering', 'LangChain', 'Data Analysis',
  'Pandas', 'NumPy', 'scikit-learn', 'Jupyter', 'R', 'Tableau', 'Power BI', 'Excel', 'Marketing',
  'Public Speaking', 'Pitching', 'Business Strategy', 'Copywriting', 'Technical Writing', 'Project Management',
  'Agile', 'Scrum', 'DevOps', 'CI/CD', 'Terraform', 'Ansible', 'Nginx', 'Express', 'NestJS', 'Hono', 'Deno',
  'Bun', 'Svelte', 'SvelteKit', 'Remix', 'Astro', 'Nuxt', 'Redux', 'Zustand', 'TanStack Query', 'Vite',
  'Webpack', 'Jest', 'Vitest', 'Playwright', 'Cypress', 'Selenium', 'Testing', 'Accessibility', 'SEO',
  'Three.js', 'WebGL', 'WebGPU', 'WebRTC', 'WebSockets', 'gRPC', 'REST APIs', 'OpenAPI', 'Microservices',
  'System Design', 'Distributed Systems', 'Kafka', 'RabbitMQ', 'Elasticsearch', 'ClickHouse', 'Snowflake',
  'BigQuery', 'dbt', 'Airflow', 'Spark', 'Hadoop', 'Data Engineering', 'ETL', 'MLOps', 'Kubeflow', 'MLflow',
  'Hugging Face', 'OpenAI API', 'RAG', 'Vector Databases', 'pgvector', 'Pinecone', 'Reinforcement Learning',
  'Deep Learning', 'Statistics', 'Mathematics', 'Operations Research', 'Optimization', 'Bioinformatics',
  'Healthcare', 'Fintech', 'Climate Tech', 'EdTech', 'GovTech', 'Cybersecurity', 'Penetration Testing',
  'Cryptography', 'Reverse Engineering', 'Embedded Systems', 'Arduino', 'Raspberry Pi', 'IoT', 'Robotics',
  'ROS', 'Hardware', 'PCB Design', 'CAD', '3D Printing', 'Blender', 'Game Design', 'Godot', 'Unreal Engine',
  'Game Development', 'AR/VR', 'visionOS', 'ARKit', 'Android', 'iOS', 'SwiftUI', 'Jetpack Compose', 'Dart',
  'Ruby', 'Ruby on Rails', 'PHP', 'Laravel', 'WordPress', 'Elixir', 'Phoenix', 'Erlang', 'Haskell', 'OCaml',
  'Scala', 'Clojure', 'F#', 'Julia', 'MATLAB', 'Zig', 'Nim', 'Lua', 'Perl', 'Bash', 'PowerShell', 'Assembly',
  'C', 'Fortran', 'COBOL', 'WebAssembly', 'Electron', 'Tauri', 'Chrome Extensions', 'Shopify', 'Stripe',
  'Twilio', 'Supabase', 'Vercel', 'Netlify', 'Cloudflare Workers', 'Heroku', 'DigitalOcean', 'Serverless',
  'Lambda', 'DynamoDB', 'Cassandra', 'Neo4j', 'SQLite', 'MySQL', 'Oracle', 'Prisma', 'Drizzle', 'Sequelize',
  'TypeORM', 'Hibernate', 'Graphic Design', 'Illustration', 'Branding', 'Motion Design', 'After Effects',
  'Photoshop', 'Illustrator', 'Sketch', 'Framer', 'Webflow', 'Prototyping', 'User Research', 'Design Systems',
  'Interaction Design', 'Video Editing', 'Content Creation', 'Community Building', 'Growth Hacking',
  'Sales', 'Finance', 'Legal', 'Customer Discovery', 'Fundraising', 'Leadership', 'Mentoring',
  'Open Source', 'Documentation', 'Localization', 'Search', 'Recommendation Systems', 'Time Series',
  'Geospatial', 'GIS', 'Mapbox', 'Audio Processing', 'Speech Recognition', 'Music Tech', 'Signal Processing',
  'Quantum Computing', 'Qiskit', 'High Performance Computing', 'CUDA', 'OpenCV', 'YOLO', 'Stable Diffusion',
  'Generative AI', 'Agents', 'Chatbots', 'Conversational Design', 'Observability', 'Prometheus', 'Grafana',
  'OpenTelemetry', 'Site Reliability', 'Networking', 'Linux Kernel', 'Compilers', 'Databases',
];

export const BIO_OPENERS = [
  'Full-stack developer who loves shipping fast prototypes.',
  'Machine learning engineer focused on NLP and retrieval.',
  'Product designer with a soft spot for accessible interfaces.',
  'Backend engineer: APIs, databases and the boring bits that keep things running at scale.',
  'Mobile developer who has shipped three apps to the stores.',
  'Data scientist who likes dashboards that tell a story.',
  'First-time hackathon participant, strong in Python and eager to learn.',
  'DevOps and cloud person who can get your demo deployed before the judges arrive.',
  'Frontend engineer obsessed with performance and delightful micro-interactions.',
  'Indie hacker and founder of two small SaaS products.',
  'Computer science student, into computer vision and robotics.',
  'Game developer who likes playful ideas with a serious twist.',
  'Security researcher who enjoys breaking things so they can be built better.',
  'Hardware tinkerer with a drawer full of sensors and microcontrollers.',
  'Growth marketer who has taken two products from zero to ten thousand users.',
  'Technical writer and developer advocate who explains hard things simply.',
  'Self-taught developer, career switcher from teaching.',
  'Research engineer working on efficient inference for large language models.',
  'Designer and front-end developer who bridges Figma and production code.',
  'Data engineer who builds pipelines that do not wake anyone up at night.',
];

export const BIO_MIDDLES = [
  'I have won two hackathons and mentored at a few more.',
  'Most of my work is in {skill} and {skill}, with some {skill} on the side.',
  'Lately I have been experimenting with {skill} for side projects.',
  'At my day job I work on {skill} for a logistics startup.',
  'I care about clean code, good tests and honest demos.',
  'I enjoy pairing, quick feedback loops and whiteboard sessions.',
  'I am comfortable owning the backend, the deployment, or the pitch deck.',
  'I like to keep scope small and polish the core experience.',
  'Previously I built tools for hospitals, schools and small farms.',
  'I am strongest in {skill} but happy to pick up whatever the team needs.',
  'My last project used {skill} to help volunteers coordinate disaster relief.',
  'I have been writing software for eight years, mostly in {skill}.',
  'I run a local meetup about {skill} and open source.',
  'I can sketch a product, talk to users and turn feedback into a plan.',
  'Time zones are not a problem for me: I am used to remote, async teams.',
];

export const BIO_CLOSERS = [
  'Looking for a team that wants to build something people actually use.',
  'Interested in climate, health and education ideas.',
  'Happy to join as a designer, developer or both.',
  'Keen to meet people from different backgrounds and learn from them.',
  'Let us build something ambitious and finish it on time.',
  'Open to any idea with real users at its heart.',
  'Ping me on Discord if you want to brainstorm.',
  'I bring snacks, energy and a working demo.',
  'Hoping to learn more about AI agents this weekend.',
  'Ready to ship.',
];

export const EXPERIENCES = [
  'Software Engineer at a fintech startup (3 years)',
  'Winner, regional hackathon 2024',
  'Teaching assistant for Algorithms and Data Structures',
  'Freelance web developer for small businesses',
  'Open source maintainer of a popular CLI tool',
  'Intern at a cloud provider, platform team',
  'Research assistant in a computer vision lab',
  'Product designer at a health-tech company',
  'Co-founder of a student developer club',
  'Data analyst at a logistics company',
  'Mobile developer at a travel app',
  'Game jam finalist, three years running',
];

export const TEAM_ADJECTIVES = [
  'Pixel', 'Green', 'Quantum', 'Open', 'Bright', 'Swift', 'Neural', 'Silent', 'Rapid', 'Clever', 'Hidden',
  'Crimson', 'Solar', 'Lunar', 'Iron', 'Golden', 'Cosmic', 'Tiny', 'Brave', 'Curious', 'Electric', 'Urban',
  'Wild', 'Frozen', 'Blue', 'Happy', 'Lazy', 'Atomic', 'Binary', 'Digital',
];

export const TEAM_NOUNS = [
  'Pioneers', 'Route', 'Minds', 'Ledger', 'Forge', 'Sense', 'Steps', 'Owls', 'Foxes', 'Builders', 'Hackers',
  'Makers', 'Rockets', 'Waves', 'Circuits', 'Lab', 'Crew', 'Collective', 'Guild', 'Squad', 'Garden', 'Engine',
  'Compass', 'Lantern', 'Bridge', 'Harbor', 'Signal', 'Spark', 'Orbit', 'Nest',
];

export const TEAM_IDEAS = [
  'A web app that turns sketches into accessible UI components using vision models.',
  'Carbon-aware trip planner that suggests the greenest way to get anywhere in a city.',
  'An assistant that helps patients understand their lab results in plain language.',
  'Personal tutor that builds flashcards and quizzes from your lecture notes.',
  'Transparent budgeting tool for small non-profits, with shareable public reports.',
  'Real-time multilingual captions and translation for live community events.',
  'Low-cost soil sensors and a dashboard that tells small farmers when to water.',
  'A collaborative story game where an AI game master adapts to every player.',
  'Community-sourced map of accessible routes for wheelchair users and parents with strollers.',
  'Bot that explains pull requests to reviewers and flags risky changes early.',
  'Marketplace connecting local repair shops with people who want to fix instead of replace.',
  'Voice-first journaling app that summarises your week and spots mood patterns.',
  'Open dataset and API of public transport delays, with predictions.',
  'Browser extension that rewrites dense legal text into plain language.',
  'Matching service that pairs new developers with open source mentors.',
];

export const TEAM_TAILS = [
  'We have a working prototype and need help to polish it.',
  'We are starting from scratch and value fast iteration.',
  'We already talked to twenty potential users.',
  'Built with {skill} and {skill}.',
  'Looking for people who enjoy both code and product thinking.',
  'Our goal is a demo judges can try on their phones.',
];

export const POSITIONS = [
  'Frontend Developer', 'Backend Developer', 'Full Stack Developer', 'ML Engineer', 'Data Scientist',
  'UI/UX Designer', 'Product Manager', 'Mobile Developer', 'DevOps Engineer', 'Data Engineer',
  'Game Developer', 'Hardware Hacker', 'Security Engineer', 'Technical Writer', 'Marketing Lead',
];
