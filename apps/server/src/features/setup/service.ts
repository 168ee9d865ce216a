// No repo: every answer is another feature's, asked through its service.
import type { TPublicAddress, TShopSetup } from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';

/** What this feature asks of settings and printers, whose services app.ts hands in. */
type SettingsView = { settings(shopId: string): Promise<{ rateCardConfirmed: boolean; shop: { upiId: string | null } }> };
type PrintersView = { shopPrinters(user: AuthUser, shopId: string): Promise<{ choice: { bw: unknown; color: unknown } }> };

/** The dashboard's setup checklist: what the server can tell is done for a shop. */
export class SetupService {
  constructor(private readonly d: { settings: SettingsView; printers: PrintersView; address: TPublicAddress }) {}

  async of(user: AuthUser, shopId: string): Promise<TShopSetup> {
    // The printers' answer checks the caller's access to the shop before the settings are read.
    const printers = await this.d.printers.shopPrinters(user, shopId);
    const settings = await this.d.settings.settings(shopId);
    return {
      rateCardConfirmed: settings.rateCardConfirmed,
      upiId: Boolean(settings.shop.upiId),
      printerChosen: Boolean(printers.choice.bw || printers.choice.color),
      publicAddress: this.d.address,
    };
  }
}
