import { DEMO, expect, expectNoAxeViolations, loginViaApi, test } from './fixtures';

/**
 * Journey of issue 11 (statistics, B6): Rahul pays part of what room 101 owes through the payments API (the
 * sandbox gateway: create-order, sandbox checkout, verify); Priya's Statistics then list that payment with
 * its receipt number, the charts carry their numbers, and Billings exports it as CSV. Rahul's Statistics
 * show what is due next.
 */
test.describe.configure({ mode: 'serial' });

let receipt = '';
const AMOUNT = 1234.5;

test('the tenant pays ₹1,234.50 for room 101 (sandbox gateway)', async ({ page, baseURL }) => {
  await loginViaApi(page, DEMO.tenant, baseURL as string, '/TenantDashboard');
  const rooms = await page.request.get('/api/v1/tenant/room-details');
  const room = ((await rooms.json()).data as { roomId: string; room: { roomNumber: string } }[]).find((r) => r.room.roomNumber === '101');
  expect(room).toBeTruthy();
  const headers = { origin: baseURL as string };
  const order = await page.request.post('/api/v1/bills/create-order', { data: { amount: AMOUNT, roomId: room?.roomId }, headers });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).data.id as string;
  const checkout = await page.request.post('/api/v1/payments/sandbox/pay', { data: { orderId, outcome: 'success' }, headers });
  expect(checkout.ok(), await checkout.text()).toBeTruthy();
  const verify = await page.request.post('/api/v1/bills/verify-payment', { data: (await checkout.json()).data, headers });
  expect(verify.ok(), await verify.text()).toBeTruthy();
  receipt = (await verify.json()).data.receiptNumber as string;
  expect(receipt).toMatch(/^KR-\d{4}-\d+$/);
});

test("the owner's Statistics show the payment, with charts and outstanding amounts", async ({ page, baseURL }) => {
  await loginViaApi(page, DEMO.owner, baseURL as string, '/OwnerDashboard/Statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Billed vs collected per month' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Occupancy over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Outstanding by room' })).toBeVisible();
  const latest = page.getByRole('region', { name: 'Latest payments received' });
  expect(receipt, 'the first test paid').toMatch(/^KR-/);
  const row = latest.getByRole('row', { name: new RegExp(receipt) });
  await expect(row).toContainText('₹1,234.50');
  await expect(row).toContainText('Rahul Verma');
  await expect(row.getByRole('link', { name: `Receipt ${receipt}` })).toHaveAttribute('href', /^\/OwnerDashboard\/Receipts\/[0-9a-f-]+$/);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'All bills and payments' }).click();
  await expect(page).toHaveURL(/\/OwnerDashboard\/Billings$/);
  await expect(page.getByRole('heading', { name: 'Bills', exact: true })).toBeVisible();
  await page.getByLabel('Status').selectOption('overdue');
  await expect(page).toHaveURL(/status=overdue/);
  await expectNoAxeViolations(page);
  const csv = await page.request.get((await page.getByRole('link', { name: 'Export payments (CSV)' }).getAttribute('href')) as string);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="kiraya-payments-/);
  expect(await csv.text()).toContain('Paid at (IST),Receipt,Property,Room,Tenant,Amount (INR),Method');
  expect(await csv.text()).toContain(receipt);
});

test("the tenant's Statistics show what is due next", async ({ page, baseURL }) => {
  await loginViaApi(page, DEMO.tenant, baseURL as string, '/TenantDashboard/Statistics');
  await expect(page.getByRole('figure', { name: 'Spending per month by bill type' })).toBeVisible();
  const due = page.getByRole('region', { name: 'Due next' });
  await expect(due).toBeVisible();
  await expect(due.getByText('Overdue').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
