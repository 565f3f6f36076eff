/**
 * The organizer's path (issue 29, docs/product.md#events): someone creates an event and publishes
 * it, a participant takes part and makes a team in it, the organizer moves the team formation
 * deadline into the past, and a join request in it is refused with the lock message.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newUser, person } from './fixtures';

const DAY = 86_400_000;
/** A `datetime-local` value on the UTC clock, `days` from now. */
const utcLocal = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 16);

test('an organizer creates and publishes an event, then locks its teams; a join request is refused with the lock message', async ({
  browser,
  baseURL,
}) => {
  const organizer = await person(browser, baseURL!, newUser('Orla', 'Organizer'));
  const leader = await person(browser, baseURL!, newUser('Leo', 'Leader'));
  const joiner = await person(browser, baseURL!, newUser('Jo', 'Joiner'));
  const id = randomUUID().slice(0, 6);
  const eventName = `Lockstep Hack ${id}`;
  const slug = `lockstep-hack-${id}`;

  // The organizer creates the event: a draft, on the UTC clock, its teams locking in five days.
  const o = organizer.page;
  await o.goto('/hackathons/new');
  await expect(o.getByRole('heading', { name: 'Create an Event' })).toBeVisible();
  await o.getByRole('button', { name: 'Create Event' }).click();
  await expect(o.getByText('Event name must be at least 3 characters')).toBeVisible();
  await o.getByLabel('Event name').fill(eventName);
  await expect(o.getByLabel('Address')).toHaveValue(slug);
  await o.getByLabel('Tagline (Optional)').fill('Teams that keep in step');
  await o.getByLabel('Time zone').fill('UTC');
  await o.getByLabel('Registration opens').fill(utcLocal(-1));
  await o.getByLabel('Team formation deadline').fill(utcLocal(5));
  await o.getByLabel('Build starts').fill(utcLocal(10));
  await o.getByLabel('Submission deadline').fill(utcLocal(12));
  await o.getByLabel('Prize pool (Optional)').fill('$1,000');
  await o.getByRole('button', { name: 'Create Event' }).click();
  await expect(o).toHaveURL(new RegExp(`/hackathons/${slug}/edit$`));
  await expect(o.getByRole('heading', { name: `Edit ${eventName}` })).toBeVisible();
  await expect(o.getByText('Draft', { exact: true })).toBeVisible();

  // A draft is seen by its staff only.
  expect((await leader.request.get(`/api/events/${slug}`)).status()).toBe(404);
  await o.getByRole('button', { name: 'Publish' }).click();
  await expect(o.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(o.getByText('Published', { exact: true })).toBeVisible();

  // A participant takes part (through the API) and makes a team in it from the form a 'Create a team' link opens.
  for (const p of [leader, joiner]) {
    const took = await p.request.put(`/api/events/${slug}/registration`, { data: { looking: true } });
    expect(took.ok(), await took.text()).toBeTruthy();
  }
  const l = leader.page;
  await l.goto(`/create-team?event=${slug}`);
  await expect(l.getByLabel('Event')).toHaveValue(slug);
  const teamName = `Steppers ${id}`;
  await l.getByLabel('Team Name').fill(teamName);
  await l.getByLabel('Description').fill('We keep in step from idea to demo.');
  await l.getByLabel('Open position 1').fill('Designer');
  await l.getByRole('button', { name: 'Create Team' }).click();
  await expect(l).toHaveURL(/\/teams\/[0-9a-f-]{36}$/);
  const teamUrl = new URL(l.url()).pathname;

  // /teams narrowed to the event shows the team, naming the event.
  await l.goto(`/teams?event=${slug}`);
  await expect(l.getByRole('combobox', { name: 'Event' })).toHaveValue(slug);
  await expect(l.getByRole('heading', { name: '1 Team Found' })).toBeVisible();
  await expect(l.getByRole('link', { name: new RegExp(`${teamName}.*${eventName}`) })).toBeVisible();

  // Someone gets ready to ask to join while the teams are still open...
  const j = joiner.page;
  await j.goto(teamUrl);
  await j.getByRole('button', { name: 'Join Team' }).click();
  const dialog = j.getByRole('dialog', { name: `Join ${teamName}` });
  await dialog.getByLabel('Position').selectOption('Designer');
  await dialog.getByLabel('Message to the Team').fill('I would love to design with you.');

  // ...when the organizer moves the team formation deadline into the past.
  await o.getByLabel('Team formation deadline').fill(utcLocal(-0.5));
  await o.getByRole('button', { name: 'Save Changes' }).click();
  await expect(o.getByText('Event saved')).toBeVisible();

  // The request is refused, and the dialog says why.
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText(`Teams in ${eventName} are locked: the team formation deadline has passed`)).toBeVisible();
  // The leader has no request to answer.
  await l.goto(teamUrl);
  await expect(l.getByText('No join requests')).toBeVisible();

  // The staff page shows the organizer as its owner.
  await o.goto(`/hackathons/${slug}/staff`);
  await expect(o.getByRole('combobox', { name: `Role of ${organizer.name}` })).toHaveValue('owner');

  await Promise.all([organizer.close(), leader.close(), joiner.close()]);
});
