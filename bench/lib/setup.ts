import { randomBytes } from 'node:crypto';

export type ShopFixture = { slug: string; shopId: string; bearer: string; email: string };

async function ok(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs up an owner, creates a shop through the public onboarding call, signs in: the real flow. */
export async function createShop(baseUrl: string, shopName = 'Bench Print Hub'): Promise<ShopFixture> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'bench-passw0rd-ok';
  const signup = (await ok(
    await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Owner', email, password }),
    }),
    'signup',
  )) as { onboardingToken: string };
  const form = new FormData();
  // The onboarding step's default prices, accepted, so jobs are priced as a working shop's are.
  const prices = { papers: [{ paper: 'A4', bw: 2, color: 10 }], photo4x6: 25 };
  form.append('shop', JSON.stringify({ shopName, category: 'Printing', address: '12 MG Road, Pune', prices }));
  const shop = (await ok(
    await fetch(`${baseUrl}/api/public/onboarding-shops/create`, {
      method: 'POST',
      headers: { 'x-onboarding-token': signup.onboardingToken },
      body: form,
    }),
    'create shop',
  )) as { id: string; slug: string };
  const signin = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await ok(signin, 'signin');
  const bearer = signin.headers.get('authorization');
  if (!bearer) throw new Error('signin returned no Authorization header');
  return { slug: shop.slug, shopId: shop.id, bearer, email };
}

/** Jobs of a shop (newest first), as staff see them. */
export async function listJobs(
  baseUrl: string,
  shop: ShopFixture,
  limit = 100,
): Promise<{ id: string; files: { pages: number | null }[] }[]> {
  return (await ok(
    await fetch(`${baseUrl}/api/shops/${shop.shopId}/print-jobs?limit=${limit}`, { headers: { authorization: shop.bearer } }),
    'print-jobs',
  )) as { id: string; files: { pages: number | null }[] }[];
}

/** Waits until the server has counted the pages of every file of the newest `limit` jobs (its background work after an upload). */
export async function waitForPageCounts(baseUrl: string, shop: ShopFixture, timeoutMs: number, limit = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const jobs = await listJobs(baseUrl, shop, limit);
    if (jobs.every((j) => j.files.every((f) => f.pages !== null))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Waits until every file of the newest `limit` jobs is prepared: thumbnail made, or conversion settled (issue 18's background work). */
export async function waitForPrepared(baseUrl: string, shop: ShopFixture, timeoutMs: number, limit = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const jobs = (await listJobs(baseUrl, shop, limit)) as unknown as { files: { thumbnail: boolean; conversion: string }[] }[];
    if (jobs.every((j) => j.files.every((f) => f.thumbnail || (f.conversion !== 'none' && f.conversion !== 'converting')))) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
