import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MedicalState, Resource } from '@vigil/contracts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import { MedicalStateButton } from './MedicalStateButton.tsx';

const member = { id: 11, name: 'Mei Chen', medical_state: MedicalState.hospitalized };

describe('the medical-state chip', () => {
  it('is named by the state it shows, then what clicking it does, for an editor', () => {
    signInAs({ api: [{ route: `${Resource.user}/{id}`, method: 'PATCH' }] });
    renderWithProviders(<MedicalStateButton member={member} />);
    const chip = screen.getByRole('button');
    // A speech-input user says the visible words ("Hospitalized") to press it (WCAG 2.5.3).
    expect(chip.getAttribute('aria-label')).toBe('Hospitalized: change the medical state of Mei Chen');
    expect(chip.textContent).toBe('Hospitalized');
  });

  it('is only the state, not a button, for someone who may not change it', () => {
    signInAs({ api: [] });
    renderWithProviders(<MedicalStateButton member={member} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Hospitalized')).toBeTruthy();
  });
});
