import { eachChecked } from './each-checked.js';

describe('eachChecked', () => {
  it('checks every item in turn and resolves when all answered', async () => {
    const seen: number[] = [];
    await eachChecked([1, 2, 3], 'things', async (n) => void seen.push(n));
    expect(seen).toEqual([1, 2, 3]);
  });

  it('goes on past a failure, then fails naming how many of how many, the first error as its cause', async () => {
    const seen: number[] = [];
    const run = eachChecked([1, 2, 3, 4], 'running plans', async (n) => {
      seen.push(n);
      if (n % 2 === 0) throw new Error(`no answer for ${n}`);
    });
    await expect(run).rejects.toMatchObject({
      message: '2 of 4 running plans could not be checked',
      cause: new Error('no answer for 2'),
    });
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});
