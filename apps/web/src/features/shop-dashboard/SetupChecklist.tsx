import { useState } from 'react';
import { Link } from 'react-router';
import { useShopSetup } from '../../api/setup';
import { Button, TEXT_LINK } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { type OwnerTick, readTicks, saveTick, setupSteps, TICK_LABEL } from './setupChecklist';

/** What a new shop still has to do; gone once every step is done. Nothing while it loads or if it cannot. */
export function SetupChecklist({ shopId }: { shopId: string }) {
  const setup = useShopSetup(shopId);
  const [ticks, setTicks] = useState(() => readTicks(shopId));
  if (!setup.data) return null;
  const steps = setupSteps(setup.data, ticks);
  const left = steps.filter((s) => !s.done).length;
  if (left === 0) return null;
  const tick = (t: OwnerTick) => setTicks(saveTick(shopId, t));
  return (
    <section aria-labelledby="setup-checklist" className="rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <h2 id="setup-checklist" className="font-semibold text-slate-900">
        Finish setting up your shop
      </h2>
      <p className="text-sm text-slate-600">
        {left} of {steps.length} steps left
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map((step) => (
          <li key={step.id} className="flex gap-3 rounded-xl bg-white p-3 text-sm shadow-xs">
            <Icon
              name={step.done ? 'check' : 'clock'}
              className={`mt-0.5 h-5 w-5 shrink-0 ${step.done ? 'text-emerald-600' : 'text-slate-500'}`}
            />
            <div className="min-w-0">
              <p className={`font-medium ${step.done ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                {step.title}
                {step.done && <span className="sr-only"> (done)</span>}
              </p>
              {!step.done && <p className="text-slate-600">{step.text}</p>}
              {!step.done && (
                <div className="mt-1 flex flex-wrap gap-3">
                  {step.to && (
                    <Link to={step.to} className={TEXT_LINK}>
                      Open settings
                    </Link>
                  )}
                  {step.tick && (
                    <Button variant="ghost" className="px-0 py-0 text-sm" onClick={() => tick(step.tick!)}>
                      {TICK_LABEL[step.tick]}
                    </Button>
                  )}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
