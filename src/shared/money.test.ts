import { describe, expect, it } from 'vitest';
import { amountsText, currencyExponent, formatAmount, formatMoney, moneyDecimal, moneyInput, parseMoney } from './money.ts';

describe('money in minor units, by the currency’s exponent', () => {
  it('knows how many minor digits each currency has, from Intl', () => {
    expect(currencyExponent('usd')).toBe(2);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('bdt')).toBe(2);
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent('krw')).toBe(0);
    expect(currencyExponent('kwd')).toBe(3);
  });

  it('writes 3000 minor units as $30.00 but ¥3,000: yen have no minor unit', () => {
    expect(formatAmount(3000, 'usd')).toBe('$30.00');
    expect(formatAmount(3000, 'eur')).toBe('€30.00');
    expect(formatAmount(100_000, 'bdt')).toBe('BDT\u00a01,000.00');
    expect(formatAmount(3000, 'jpy')).toBe('¥3,000');
    expect(formatAmount(30, 'jpy')).toBe('¥30');
    expect(formatAmount(3000, 'krw')).toBe('₩3,000');
    expect(formatAmount(12_345, 'kwd')).toBe('KWD\u00a012.345');
  });

  it('leaves the minor digits off a whole amount only when asked', () => {
    expect(formatMoney(120_000, 'usd', { whole: true })).toBe('$1,200');
    expect(formatMoney(120_050, 'usd', { whole: true })).toBe('$1,200.50');
    expect(formatMoney(120_000, 'jpy', { whole: true })).toBe('¥120,000');
    expect(formatMoney(-3000, 'usd')).toBe('-$30.00');
  });

  it('writes money in Bengali with Bengali digits', () => {
    // Exact spacing differs between ICU versions: the digits and the symbol are what a reader needs.
    const taka = formatMoney(100_000, 'bdt', { language: 'bn' });
    expect(taka).toContain('১,০০০.০০');
    expect(taka).toContain('৳');
    const dollars = formatMoney(3000, 'usd', { language: 'bn', whole: true });
    expect(dollars).toMatch(/^৩০\s?US\$$/);
  });

  it('gives the amount as a form and a spreadsheet take it', () => {
    expect(moneyInput(3000, 'usd')).toBe('30');
    expect(moneyInput(1250, 'usd')).toBe('12.50');
    expect(moneyInput(3000, 'jpy')).toBe('3000');
    expect(moneyDecimal(3000, 'usd')).toBe('30.00');
    expect(moneyDecimal(3000, 'jpy')).toBe('3000');
    expect(moneyDecimal(12_345, 'kwd')).toBe('12.345');
    expect(amountsText([1500, 3000, 10_050], 'eur')).toBe('15, 30, 100.50');
  });

  it('reads typed money in the currency’s minor units, refusing more decimals than it has', () => {
    expect(parseMoney('30', 'usd')).toBe(3000);
    expect(parseMoney(' $12.5 ', 'usd')).toBe(1250);
    expect(parseMoney('1,000', 'bdt')).toBe(100_000);
    expect(parseMoney('৳১,০০০', 'bdt')).toBe(100_000);
    expect(parseMoney('30', 'jpy')).toBe(30);
    expect(parseMoney('¥3,000', 'jpy')).toBe(3000);
    expect(parseMoney('30.5', 'jpy')).toBeNull();
    expect(parseMoney('12.345', 'usd')).toBeNull();
    expect(parseMoney('12.345', 'kwd')).toBe(12_345);
    expect(parseMoney('-5', 'usd')).toBeNull();
    expect(parseMoney('ten', 'usd')).toBeNull();
    expect(parseMoney('', 'usd')).toBeNull();
  });
});
