import { screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import { renderPseudo, xa } from './pseudo';
import { makeProperty, makeRoom, ok, owner, tenant } from './support';

// The signed-in property pages in the pseudo-locale (issue 27, ADR 039): the owner's list, Add Property and Edit
// Property, the tenant's Search and a property from it. Checked within `main` and the dialogs: the dashboards'
// header holds parts of other areas (the notification bell).
const property = makeProperty({ _id: 'p1', title: 'Lotus Homes', isPaused: true });
const list = ok([property, makeProperty({ _id: 'p2', title: 'Green Villa' })], { meta: { page: 1, limit: 12, total: 2 } });

describe('property pages in the pseudo-locale', { timeout: 30_000 }, () => {
  it("the owner's properties, Add Property's steps and Edit Property", async () => {
    const page = await renderPseudo('/OwnerDashboard/Properties', {
      user: owner,
      api: { 'GET /properties/fetch-properties': ok([property]) },
    });
    page.expectTranslated('main');
    await page.user.click(screen.getByRole('button', { name: xa('Add Property') }));
    await page.expectTranslatedSoon('[role="dialog"]');
    const dialog = within(screen.getByRole('dialog'));
    for (let step = 0; step < 3; step++) {
      // Next on an empty step shows the contract's message; then the step is filled enough to go on.
      await page.user.click(dialog.getByRole('button', { name: xa('Next') }));
      await page.expectTranslatedSoon('[role="dialog"]');
      if (step === 0) {
        await page.user.type(dialog.getByLabelText(xa('Property Name'), { exact: false }), 'Lotus Homes');
        await page.user.type(dialog.getByLabelText(xa('Amenities'), { exact: false }), 'WiFi');
      } else if (step === 1) {
        await page.user.type(dialog.getByLabelText(xa('Street'), { exact: false }), '12 MG Road');
        await page.user.type(dialog.getByLabelText(xa('City'), { exact: false }), 'Pune');
        await page.user.type(dialog.getByLabelText(xa('State'), { exact: false }), 'Maharashtra');
        await page.user.type(dialog.getByLabelText(xa('Pincode'), { exact: false }), '411001');
      } else {
        await page.user.click(dialog.getByRole('button', { name: xa('Villa') }));
        await page.user.type(dialog.getByLabelText(xa('Property Description'), { exact: false }), 'Bright rooms.');
      }
      await page.user.click(dialog.getByRole('button', { name: xa('Next') }));
      await page.expectTranslatedSoon('[role="dialog"]');
    }
    const edit = await renderPseudo('/OwnerDashboard/edit-property/p1', { user: owner, api: { 'GET /properties/p1': ok(property) } });
    edit.expectTranslated('main');
  });

  it("the tenant's Search and a property from it", async () => {
    const search = await renderPseudo('/TenantDashboard/Search?propertyType=Villa', {
      user: tenant,
      api: { 'GET /properties/fetch-all-properties': list },
    });
    search.expectTranslated('main');
    const one = await renderPseudo('/TenantDashboard/Search/p1', {
      user: tenant,
      api: {
        'GET /properties/p1': ok(property),
        'GET /rooms/p1': ok([makeRoom({ propertyId: 'p1', roomStatus: 'maintenance', floor: 0 })]),
        'POST /tenant/views/p1': ok({ _id: 'p1' }),
      },
    });
    one.expectTranslated('main');
  });
});
