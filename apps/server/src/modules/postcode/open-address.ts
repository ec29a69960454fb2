import { titleCase, type OpenAddress } from '../../lib/geo';

/** An address split into the portal's fields, not yet truncated. */
export interface AddressParts {
  company: string;
  build: string;
  street: string;
  locality: string;
  town: string;
  county: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

/** A street line: starts with a house number or names a thoroughfare. */
const STREET =
  /^\d|\b(ROAD|RD|STREET|ST|LANE|LN|AVENUE|AVE|WAY|DRIVE|DR|CLOSE|CRESCENT|CRES|PLACE|HILL|GROVE|TERRACE|PARADE|SQUARE|GARDENS|WALK|ROW|BROW|GATE|GREEN|PARK|BOULEVARD|MEWS|COURT|HIGHWAY|BYPASS|BANK|VALE|RISE|PRECINCT|CENTRE WAY)\b/;

/** Counties and former postal counties that appear as the last address line. */
const COUNTIES = new Set(
  `AVON BEDFORDSHIRE BERKSHIRE BUCKINGHAMSHIRE CAMBRIDGESHIRE CHESHIRE CLEVELAND CORNWALL CUMBRIA DERBYSHIRE DEVON
DORSET DURHAM ESSEX GLOUCESTERSHIRE HAMPSHIRE HEREFORDSHIRE HERTFORDSHIRE KENT LANCASHIRE LEICESTERSHIRE LINCOLNSHIRE
MERSEYSIDE MIDDLESEX NORFOLK NORTHAMPTONSHIRE NORTHUMBERLAND NOTTINGHAMSHIRE OXFORDSHIRE RUTLAND SHROPSHIRE SOMERSET
STAFFORDSHIRE SUFFOLK SURREY WARWICKSHIRE WILTSHIRE WORCESTERSHIRE GWENT CLWYD DYFED GWYNEDD POWYS GLAMORGAN
CUMBERLAND WESTMORLAND HUMBERSIDE`
    .split(/\s+/)
    .concat([
      'WEST YORKSHIRE',
      'SOUTH YORKSHIRE',
      'NORTH YORKSHIRE',
      'EAST YORKSHIRE',
      'WEST MIDLANDS',
      'GREATER MANCHESTER',
      'GREATER LONDON',
      'TYNE AND WEAR',
      'TYNE & WEAR',
      'EAST SUSSEX',
      'WEST SUSSEX',
      'ISLE OF WIGHT',
      'COUNTY DURHAM',
      'MID GLAMORGAN',
      'SOUTH GLAMORGAN',
      'WEST GLAMORGAN',
      'NORTH HUMBERSIDE',
      'SOUTH HUMBERSIDE',
      'CO DURHAM',
    ]),
);

/**
 * Splits a free-form open-data address (apps/server/data/README.md: building, street, locality,
 * town, county in varying numbers) into fields: the street is the first line with a number or a
 * thoroughfare word; before it is the building; after it locality, town and county, the county only
 * when the last line is one.
 */
export function splitOpenAddress(a: OpenAddress): AddressParts {
  const raw = a.lines;
  let s = raw.findIndex((l) => STREET.test(l));
  if (s < 0) s = raw.length > 2 ? 1 : -1;
  const before = s > 0 ? raw.slice(0, s) : [];
  let tail = s >= 0 ? raw.slice(s + 1) : raw.slice();
  let county = '';
  if (tail.length > 1 && COUNTIES.has(tail[tail.length - 1]!)) {
    county = tail[tail.length - 1]!;
    tail = tail.slice(0, -1);
  }
  const town = tail[tail.length - 1] ?? '';
  const locality = tail.length > 1 ? tail.slice(0, -1).join(', ') : '';
  return {
    company: titleCase(a.name),
    build: titleCase(before.join(', ')),
    street: s >= 0 ? titleCase(raw[s]!) : '',
    locality: titleCase(locality),
    town: titleCase(town),
    county: titleCase(county),
    postcode: a.postcode,
    latitude: a.lat,
    longitude: a.lon,
  };
}
