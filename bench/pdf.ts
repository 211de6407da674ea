// `npm run bench -- --pdf`: how long a receipt PDF in Bengali takes to make, fonts loaded once per process.
import { receiptPdf } from '../src/server/features/donations/receipt-pdf.ts';
import { loadFonts } from '../src/server/pdf/a4-writer.ts';
import type { Receipt } from '../src/shared/donations.ts';

const receipt: Receipt = {
  _id: '8f0c2a4e-5b1d-4c3e-9a7f-2d6b8e1c0f93',
  email: 'khsama@example.org',
  amount: 100_000,
  currency: 'bdt',
  transaction: 'pi_3QbengaliReceipt0001',
  last4: '4242',
  event: 'চর কুকরি-মুকরি ম্যানগ্রোভ রোপণ',
  eventId: null,
  eventBanner: '',
  date: '2026-11-28T10:00:00.000Z',
  created: '2026-11-28T10:00:00.000Z',
  refundedAt: null,
  refundedBy: null,
  charity: {
    name: 'সাহায্যের হাত ফাউন্ডেশন',
    website: 'https://give.example.org',
    contact: 'hello@example.org',
    registrationNumber: 'ঢাকা-১২৩৪',
    address: '১২ স্টেশন রোড, ঢাকা ১২০৫',
    email: 'hello@example.org',
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function pdfTimes() {
  const loading = performance.now();
  await loadFonts();
  const fontsMs = performance.now() - loading;
  const first = performance.now();
  const bytes = await receiptPdf(receipt, 'Asia/Dhaka');
  const firstMs = performance.now() - first;
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    await receiptPdf(receipt, 'Asia/Dhaka');
    times.push(performance.now() - started);
  }
  console.log(
    `receipt PDF in Bengali: fonts loaded in ${fontsMs.toFixed(0)} ms (once per process), first document ${firstMs.toFixed(0)} ms, then median ${median(times).toFixed(1)} ms of 21 (max ${Math.max(...times).toFixed(1)} ms), ${(bytes.length / 1024).toFixed(1)} kB`,
  );
  return { fontsMs, firstMs, medianMs: median(times), bytes: bytes.length };
}
