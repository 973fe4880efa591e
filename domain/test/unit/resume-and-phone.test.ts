/** Where an unfinished onboarding resumes (issue 30, item 10), and the phone numbers' one rule (item 9). */
import { resumeOnboardingPath, type MissingItem } from '../../src/completeness';
import { formatPhone, isE164, toE164 } from '../../src/phone';

const item = (section: MissingItem['section']): MissingItem => ({ item: section, section, label: section });

describe('resumeOnboardingPath', () => {
  it('opens the first step with something missing, in the steps’ order', () => {
    expect(resumeOnboardingPath('r1', [item('menus'), item('billing'), item('cgv')])).toBe('/onboarding/r1?etape=menus');
    expect(resumeOnboardingPath('r1', [item('billing'), item('hours')])).toBe('/onboarding/r1?etape=hours');
  });

  it('with nothing missing in the six steps (the CGV are a tab), opens the last step, where Terminer is', () => {
    expect(resumeOnboardingPath('r1', [item('cgv')])).toBe('/onboarding/r1?etape=billing');
    expect(resumeOnboardingPath('r1', [])).toBe('/onboarding/r1?etape=billing');
  });
});

describe('phone numbers', () => {
  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['06 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['+44 20 7946 0958', '+442079460958'],
    ['abc', null],
    ['12', null],
    ['', null],
  ])('%j in E.164 is %j', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
    if (e164) expect(isE164(e164)).toBe(true);
  });

  it('shows French numbers in French format, others in international format, anything else as stored', () => {
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('abc')).toBe('abc');
    expect(formatPhone('')).toBe('');
  });
});
