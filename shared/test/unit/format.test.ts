import { formatDate, formatDateTime, formatEuros, formatFileSize, formatLongDate, formatMessageTime, formatTime, truncate } from '../../src/format';

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('fr-FR formatting', () => {
  it('formats a calendar date as dd/mm/yyyy without shifting the day', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(new Date(2026, 11, 25, 23, 59))).toBe('25/12/2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats a long date with the weekday in French', () => {
    expect(formatLongDate('2026-12-25')).toBe('vendredi 25 décembre 2026');
  });

  it('formats times as HH:MM from PostgreSQL times and instants', () => {
    expect(formatTime('19:30:00')).toBe('19:30');
    expect(formatTime('9:05')).toBe('09:05');
    expect(formatTime(new Date(2026, 0, 1, 7, 4))).toBe('07:04');
    expect(formatDateTime(new Date(2026, 0, 2, 12, 15))).toBe('02/01/2026 12:15');
  });

  it('formats euros with two decimals', () => {
    expect(nbsp(formatEuros(1234.5))).toBe('1 234,50 €');
    expect(nbsp(formatEuros('42'))).toBe('42,00 €');
    expect(nbsp(formatEuros(null))).toBe('0,00 €');
  });

  it('formats file sizes in French units, o/Ko/Mo/Go, one decimal after a comma', () => {
    expect(formatFileSize(0)).toBe('0 o');
    expect(formatFileSize(512)).toBe('512 o');
    expect(formatFileSize(1536)).toBe('1,5 Ko');
    expect(formatFileSize(23_931)).toBe('23,4 Ko');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 Mo');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 Go');
    // What would round to 1 024 of a unit is 1 of the next.
    expect(formatFileSize(1023.99 * 1024)).toBe('1 Mo');
  });

  it('labels message times today, yesterday, or dd/mm HH:MM', () => {
    const now = new Date(2026, 4, 10, 15, 0);
    expect(formatMessageTime(new Date(2026, 4, 10, 9, 30), now)).toBe("Aujourd'hui à 09:30");
    expect(formatMessageTime(new Date(2026, 4, 9, 21, 5), now)).toBe('Hier à 21:05');
    expect(formatMessageTime(new Date(2026, 3, 2, 8, 0), now)).toBe('02/04 08:00');
  });

  it('truncates with an ellipsis only when longer', () => {
    expect(truncate('abc', 80)).toBe('abc');
    expect(truncate('x'.repeat(81), 80)).toBe(`${'x'.repeat(80)}...`);
  });
});
