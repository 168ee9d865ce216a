import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { enableSound, onSoundStateChange, type SoundState, soundState } from './arrivalAlerts';
import { QUEUE_KEYS } from './queuePrefs';

/**
 * Browsers keep audio suspended after a reload until the page gets a click, so the arrival beep
 * would stay silent. This says so and asks for the click. Once enabled in a session, the first key
 * press or click anywhere on a reloaded queue turns the sound back on by itself.
 */
export function SoundButton() {
  const [state, setState] = useState<SoundState>(soundState);

  useEffect(() => {
    const update = () => setState(soundState());
    const stop = onSoundStateChange(update);
    update();
    if (soundState() !== 'suspended' || sessionStorage.getItem(QUEUE_KEYS.soundEnabled) !== '1') return stop;
    const unlock = () => void enableSound().then(update);
    window.addEventListener('pointerdown', unlock, { once: true, capture: true });
    window.addEventListener('keydown', unlock, { once: true, capture: true });
    return () => {
      stop();
      window.removeEventListener('pointerdown', unlock, { capture: true });
      window.removeEventListener('keydown', unlock, { capture: true });
    };
  }, []);

  if (state !== 'suspended') return null;
  const enable = async () => {
    if (await enableSound()) sessionStorage.setItem(QUEUE_KEYS.soundEnabled, '1');
    setState(soundState());
  };
  return (
    <button
      type="button"
      onClick={() => void enable()}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 transition hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <Icon name="bell" className="h-4 w-4" />
      Click to turn on sound
      <span className="font-normal text-amber-800">for new jobs</span>
    </button>
  );
}
