import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  circuitDocketListResponse,
  type CircuitDocketListRequest,
  type CircuitRow,
} from '@courier/contracts';
import { apiPost } from '../../../lib/api-client';
import { boardKey } from './control-keys';

/**
 * POST /api/circuit/docket/list/{code}: one page of the dockets circuit `code` selects, with its
 * columns, status colours, countdown flags and (asked for) the count per status.
 */
export const fetchCircuitDockets = (code: string, body: CircuitDocketListRequest) =>
  apiPost(`/api/circuit/docket/list/${encodeURIComponent(code)}`, body, circuitDocketListResponse);

/** The board's refresh in ms from the circuit's acia_refresh in seconds (spec "access…" §9: 0 is none). */
export const refreshInterval = (circuit: Pick<CircuitRow, 'acia_refresh'>): number | false =>
  circuit.acia_refresh > 0 ? circuit.acia_refresh * 1000 : false;

/**
 * The board of a circuit: refreshed at the circuit's interval (spec "access…" §4) and, between
 * refreshes, whenever a live event names the circuit (it invalidates boardKey(code)).
 */
export const circuitDocketsQuery = (circuit: CircuitRow, body: CircuitDocketListRequest) =>
  queryOptions({
    queryKey: [...boardKey(circuit.cir_circ_code), body],
    queryFn: () => fetchCircuitDockets(circuit.cir_circ_code, { ...body, counts: true }),
    refetchInterval: refreshInterval(circuit),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
