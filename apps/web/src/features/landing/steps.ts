import { SCREENSHOTS } from './screenshots';

/** A capture of the real app (B15): an 800 px WebP with a 400 px variant (`srcSet`), written by `npm run walkthrough`. */
export type Screenshot = { src: string; srcSet?: string; alt: string; width: number; height: number };

/** One numbered step of the how-it-works walkthrough. `screenshot` comes from the capture script (B15). */
export type WalkthroughStep = {
  title: string;
  text: string;
  screenshot?: Screenshot;
};

const withScreenshots = (steps: WalkthroughStep[], shots: readonly Screenshot[]): readonly WalkthroughStep[] =>
  steps.map((step, i) => {
    const screenshot = shots[i];
    return screenshot ? { ...step, screenshot } : step;
  });

export type Audience = 'owner' | 'tenant';

/** The owner walkthrough: 15 steps, from sign-up to getting paid. */
export const OWNER_STEPS: readonly WalkthroughStep[] = withScreenshots(
  [
    { title: 'Sign up as a House Owner', text: 'Open Get Started, choose Sign up and pick House Owner on the first step of the wizard.' },
    {
      title: 'Tell us who you are',
      text: 'Choose a username, add your full name, email, phone number, Aadhar number and address, then set a password.',
    },
    { title: 'Sign in', text: 'Sign in with your email and password. You land on your owner dashboard.' },
    { title: 'Open Properties', text: 'From the dashboard, open Properties to see every property you list.' },
    {
      title: 'Add a property: basics',
      text: 'Click Add Property. Step 1 of the 4-step wizard asks for the property name and its amenities.',
    },
    { title: 'Add the address', text: 'Step 2: street, city, state, pincode and a landmark, so tenants can find it.' },
    { title: 'Describe the property', text: 'Step 3: pick the property type (flat, villa, house and more) and write a short description.' },
    { title: 'Upload photos', text: 'Step 4: drag and drop up to 10 JPG, PNG or WEBP photos, then Submit. Your property is listed.' },
    { title: 'Manage its rooms', text: 'Press Manage on the property card to open its rooms.' },
    {
      title: 'Add rooms',
      text: 'Add new room walks you through 6 steps: room number and type, tenant type and floor, members, furniture and bath, rent, and photos.',
    },
    { title: 'Find your tenant', text: 'In a room, open Tenant Details and Assign Tenant. Search by username, phone number or email.' },
    { title: 'Send a request', text: 'Press Add to send the tenant a request. When they accept, the room is theirs and marked occupied.' },
    {
      title: 'Upload bills',
      text: 'In Billing Details, upload rent and utility bills. Electricity, water and gas take meter readings and photos.',
    },
    { title: 'Get paid online', text: 'Your tenant sees the bills and pays online. Every payment comes with a receipt.' },
    { title: 'Keep track', text: 'Billings and Statistics show what has been paid and what is still due, across all your rooms.' },
  ],
  SCREENSHOTS.owner,
);

/** The tenant walkthrough: 12 steps, from sign-up to paying rent. */
export const TENANT_STEPS: readonly WalkthroughStep[] = withScreenshots(
  [
    { title: 'Sign up as a Tenant', text: 'Open Get Started, choose Sign up and pick Tenant on the first step of the wizard.' },
    { title: 'Sign in', text: 'Sign in with your email and password. You land on your tenant dashboard.' },
    { title: 'Search properties', text: 'Open Search Properties and filter by city, rent and property type.' },
    { title: 'View the rooms', text: 'Open a property to see its rooms: rent per month, floor, furniture, bathroom and who it suits.' },
    { title: 'Get the phone number', text: "Press Get Phone Number on a room. The owner's contact details are saved to your dashboard." },
    { title: 'Talk to the owner', text: 'Call the owner or send a message to ask questions and arrange a visit. No broker in between.' },
    { title: 'Accept the request', text: 'When the owner sends you a request for the room, accept it under Requests.' },
    { title: 'See your room', text: 'My Rooms shows your room, its monthly rent, your last bill and your last payment.' },
    { title: 'See your bills', text: 'Billings lists your bills grouped by date, with meter readings and photos for utilities.' },
    { title: 'Pay online', text: 'Press Pay on a bill, check the amount and pay securely online.' },
    { title: 'Keep your receipts', text: 'Every payment has a receipt you can open and print at any time.' },
    { title: 'Stay in touch', text: 'Use Messages for maintenance requests and keep your profile up to date.' },
  ],
  SCREENSHOTS.tenant,
);
