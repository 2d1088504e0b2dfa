import type { AdminServices } from '@homing/web/admin';
import { AdminServicesContext, LoadingState, PrintPortContext, adminApi } from '@homing/web/admin';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { bridgeApiClient } from '../bridge/bridgeApiClient';
import { stationPresetTarget, stationPrintPort } from '../bridge/stationPrintPort';
import { useStation } from './stationContext';

interface LabelConfig {
  domainName: string;
  brandWord: string;
  smsNumber?: string | null;
}

/**
 * Hosts the web app's admin screens, unchanged: their API client goes through the bridge, their
 * print port is the station's (silent print, wait, mark: main marks and the port returns its
 * outcome), their PDF download saves through main.
 */
export function AdminHost({ children }: { children: ReactNode }) {
  const { bridge, settings, updateSettings, signOut, setNotice } = useStation();
  const client = useMemo(() => bridgeApiClient(bridge, signOut), [bridge, signOut]);
  const [config, setConfig] = useState<LabelConfig | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void client.get<LabelConfig>('/api/app-config', { auth: false }).then((result) => {
      if (!live) return;
      if (result.success) setConfig(result.data);
      else setConfigError(result.error || 'Failed to load the app configuration');
    });
    return () => {
      live = false;
    };
  }, [client]);

  // The template lists offer only what the chosen printer's media fit (a QL: its DK rolls).
  const printer = settings.printer;
  const admin = useMemo(() => {
    const api = adminApi(client);
    if (!printer) return api;
    return {
      ...api,
      templates: async () => {
        const [result, fitting] = await Promise.all([
          api.templates(),
          bridge.printerTemplates(printer).catch(() => null),
        ]);
        if (!result.success || !fitting) return result;
        return { ...result, data: result.data.filter((template) => fitting.includes(template.id)) };
      },
    };
  }, [client, bridge, printer]);
  const port = useMemo(
    () => ({
      ...stationPrintPort(
        bridge,
        () => settings,
        (text) => setNotice({ tone: 'error', text }),
      ),
      // A picked preset switches the station's printer and start, never its calibration (PRODUCT.md, Printing).
      presets: stationPresetTarget(bridge, () => settings, updateSettings),
    }),
    [bridge, settings, setNotice, updateSettings],
  );
  const services = useMemo<AdminServices | null>(
    () =>
      config && {
        admin,
        // Cancelling the save dialog is not an error; a failure is, with its reason.
        downloadSetsPdf: (options) =>
          bridge.saveSetsPdf(options).then(
            () => null,
            (error: Error) => error.message,
          ),
        domainName: config.domainName,
        brandWord: config.brandWord,
        // Main prints with the number it loads from the server itself; the screens only show it.
        smsNumber: config.smsNumber ?? null,
      },
    [bridge, config, admin],
  );

  if (!services)
    return configError ? (
      <p className="form-message form-message--error" role="alert">
        {configError}
      </p>
    ) : (
      <LoadingState label="Loading..." />
    );
  return (
    <AdminServicesContext value={services}>
      <PrintPortContext value={port}>{children}</PrintPortContext>
    </AdminServicesContext>
  );
}
