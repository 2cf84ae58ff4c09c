import { MSG } from '@kiraya/contract/messages';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PushSettingsSection } from './PushSettingsSection';

describe('PushSettingsSection (issue 27)', () => {
  it('offers "Push on this device" and, in a browser without Web Push, keeps it off and says why', async () => {
    // jsdom has no service worker and no PushManager: the switch cannot be used.
    render(<PushSettingsSection />);
    const box = await screen.findByRole('checkbox', { name: /Push on this device/ });
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText(MSG.pushNotSupported)).toBeInTheDocument();
  });
});
