/**
 * What a fresh install shows: believable events around the day it is first started, and a few
 * reviews. Banners and pictures are the project's own files under public/images.
 */
export interface DemoEvent {
  title: string;
  banner: string;
  /** Days from the day the demo is seeded; negative for past events. */
  inDays: number;
  time: string | null;
  /** How long it lasts, in hours from its start time (an event without a time has no end). */
  hours: number | null;
  location: string;
  /** Volunteer places; null: no limit. */
  capacity: number | null;
  /** What it hopes to raise, in cents; left out: no goal. */
  goalCents?: number;
  desc: string;
}

const banner = (slug: string) => `/images/events/${slug}.svg`;

export const demoEvents: DemoEvent[] = [
  {
    title: 'Community Food Bank Sort-a-thon',
    banner: banner('food-bank'),
    inDays: 4,
    time: '10:00',
    hours: 4,
    location: 'Northgate Food Bank Warehouse, 7 Foundry Road',
    capacity: 30,
    goalCents: 250000,
    desc: 'Our shelves fill up fast before the holidays. Help us sort, check and pack donated food into family parcels for 180 households. No experience needed: team leaders show you the ropes, and gloves, aprons and tea are provided. Wear closed shoes.',
  },
  {
    title: 'Soup Kitchen Supper Service',
    banner: banner('soup-kitchen'),
    inDays: 6,
    time: '17:00',
    hours: 3,
    location: "St Anne's Church Hall, Market Street",
    capacity: 20,
    desc: 'Serve a warm two-course supper to neighbours who need one. Volunteers prepare vegetables, plate and serve meals, and sit down for a chat with guests. Shifts run from 5 pm to 8 pm; a food hygiene briefing is given on the night.',
  },
  {
    title: 'Riverside Tree Planting Day',
    banner: banner('tree-planting'),
    inDays: 9,
    time: '09:00',
    hours: 6,
    location: 'Riverside Path, by the Old Mill footbridge',
    capacity: 60,
    desc: 'Together with the local council we are planting 400 native saplings along the river path to bring back shade, birds and flood protection. Bring a packed lunch and wear clothes that can get muddy; spades, gloves and hot drinks are on us. Families welcome.',
  },
  {
    title: 'Reading Buddies at the Library',
    banner: banner('reading-buddies'),
    inDays: 12,
    time: '15:30',
    hours: 1.5,
    location: 'Central Library, Children’s Room, 2 Station Road',
    capacity: 25,
    desc: 'Spend an afternoon reading with children aged 6 to 9 who are building their confidence. Buddies are paired with the same child each session where possible. All volunteers working with children need a background check, which we arrange for free.',
  },
  {
    title: 'Winter Coat Drive',
    banner: banner('coat-drive'),
    inDays: 16,
    time: null,
    hours: null,
    location: 'Eastfield Community Centre, 40 Park Lane',
    capacity: null,
    goalCents: 150000,
    desc: 'Collect, sort and hang donated winter coats, hats and gloves, then help visitors find the right size at our pop-up shop where everything is free. We especially need hands on the day to keep the rails tidy and greet people warmly.',
  },
  {
    title: 'Senior Centre Tech Help Afternoon',
    banner: banner('tech-help'),
    inDays: 19,
    time: '14:00',
    hours: 2,
    location: 'Oakwood Senior Centre, 15 Elm Grove',
    capacity: 20,
    desc: 'Sit with older neighbours and help them video-call family, spot scam messages, or set up their new phone. Patience matters more than expertise. We provide a simple guide to the questions most people bring.',
  },
  {
    title: 'Beach and Dunes Clean-up',
    banner: banner('beach-cleanup'),
    inDays: 23,
    time: '10:30',
    hours: 3,
    location: 'North Beach car park, Coast Road',
    capacity: null,
    desc: 'Join a two-hour sweep of the north beach and the dunes behind it. Everything we collect is counted and reported to the national marine survey. Litter pickers, bags and gloves provided; meet at the lifeguard hut.',
  },
  {
    title: 'Animal Shelter Open Day',
    banner: banner('animal-shelter'),
    inDays: 26,
    time: '11:00',
    hours: 5,
    location: 'Hilltop Animal Shelter, Quarry Lane',
    capacity: 40,
    desc: "Help run our partner shelter's open day: walk dogs, guide visitors, run the cake stall and answer questions about adoption. Last year's open day found homes for 23 animals.",
  },
  {
    title: 'Holiday Toy Wrap Night',
    banner: banner('toy-wrap'),
    inDays: 28,
    time: '18:00',
    hours: 3,
    location: 'Eastfield Community Centre, 40 Park Lane',
    capacity: 35,
    desc: 'Wrap and label donated toys for 300 children whose families are supported by local social services. Music, mince pies and a lot of sticky tape. Bring scissors if you have a favourite pair.',
  },
  {
    title: 'Charity 5K Fun Run',
    banner: banner('fun-run'),
    inDays: 30,
    time: '08:30',
    hours: 3,
    location: 'Victoria Park, main gate on Lake Avenue',
    capacity: null,
    goalCents: 500000,
    desc: 'Run, jog or walk 5 km around the park to raise money for the food bank. We need marshals, water-station helpers and cheerleaders as much as runners. Every finisher gets a medal made from recycled metal.',
  },
  {
    title: 'Blood Donation Drive',
    banner: banner('blood-drive'),
    inDays: 35,
    time: '09:30',
    hours: 6,
    location: 'Town Hall Assembly Room, High Street',
    capacity: 30,
    desc: 'The regional blood service is coming to the community hall. Volunteers welcome donors, keep the queue moving and serve biscuits afterwards. If you can give blood yourself, book a slot when you register.',
  },
  {
    title: 'Community Garden Harvest',
    banner: banner('community-garden'),
    inDays: 40,
    time: null,
    hours: null,
    location: 'Greenway Community Garden, Allotment Lane',
    capacity: 25,
    desc: 'Pick, wash and bag the late harvest from the community garden, then share it out between the food bank and the after-school cooking club. Gardening tips from our growers come free.',
  },
  {
    title: 'Back-to-School Supplies Packing',
    banner: banner('school-supplies'),
    inDays: -20,
    time: '13:00',
    hours: 4,
    location: 'Northgate Food Bank Warehouse, 7 Foundry Road',
    capacity: 70,
    desc: 'We packed 520 backpacks with pencils, notebooks and lunch boxes for pupils starting the new school year. Thank you to the 64 volunteers who came along.',
  },
  {
    title: 'Spring Park Restoration',
    banner: banner('park-restoration'),
    inDays: -45,
    time: '10:00',
    hours: 5,
    location: 'Memorial Park, Church Street entrance',
    capacity: null,
    desc: 'Volunteers repainted benches, cleared paths and planted 2,000 spring bulbs in Memorial Park. Photos from the day are on our noticeboard.',
  },
];

export interface DemoReview {
  name: string;
  email: string;
  img: string | null;
  message: string;
  review: string;
  daysAgo: number;
}

const avatar = (n: number) => `/images/avatars/reviewer-${n}.svg`;

export const demoReviews: DemoReview[] = [
  {
    name: 'Amara Okafor',
    email: 'amara@example.org',
    img: avatar(1),
    message: 'The food bank sort-a-thon was so well organised.',
    review: 'I came alone and left with new friends. Team leaders explained everything and we packed more parcels than ever before.',
    daysAgo: 2,
  },
  {
    name: 'Tom Becker',
    email: 'tom@example.org',
    img: avatar(2),
    message: 'Signing up took a minute.',
    review: 'Registering for the tree planting was quick, and the reminder about muddy boots was a lifesaver.',
    daysAgo: 5,
  },
  {
    name: 'Priya Nair',
    email: 'priya@example.org',
    img: avatar(3),
    message: 'Reading Buddies is the highlight of my week.',
    review: 'Watching a shy seven-year-old read a whole chapter out loud to me was worth every minute.',
    daysAgo: 9,
  },
  {
    name: 'Luis Romero',
    email: 'luis@example.org',
    img: avatar(4),
    message: 'Donating was simple and transparent.',
    review: 'I could see exactly which event my donation went to. Great to know where the money goes.',
    daysAgo: 14,
  },
  {
    name: 'Grace Chen',
    email: 'grace@example.org',
    img: null,
    message: 'The coat drive made a real difference.',
    review: 'We kitted out a whole family for winter in twenty minutes. Everyone was treated with such dignity.',
    daysAgo: 21,
  },
  {
    name: 'Sam Patel',
    email: 'sam@example.org',
    img: null,
    message: 'Great way to meet neighbours.',
    review: 'The beach clean-up was fun, sunny and surprisingly satisfying. We filled 40 bags in two hours.',
    daysAgo: 30,
  },
];
