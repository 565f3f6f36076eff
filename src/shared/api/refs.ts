/** Short references to people and events, as lists of members, requests and teams show them. */
import { z } from 'zod';
import { NullableText, Uuid } from './contract';

export const PersonRefSchema = z
  .strictObject({ id: Uuid, firstName: z.string(), lastName: z.string(), name: z.string(), avatarUrl: NullableText })
  .meta({ id: 'PersonRef', description: 'A person, as lists of members and requests show them' });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const EventRefSchema = z
  .strictObject({ slug: z.string().meta({ example: 'spring-hack-2027' }), name: z.string().meta({ example: 'Spring Hack 2027' }) })
  .meta({ id: 'EventRef', description: 'An event, as team cards name it' });
export type EventRef = z.infer<typeof EventRefSchema>;
