// The admin API's request schemas live in core (the SDK's admin client types come from them too).
export {
  AccountCreateSchema,
  AdminTimestampSchema,
  ClockCreateSchema,
  ClockMoveSchema,
  FaultCreateSchema,
  KeyCreateSchema,
  MediaCreateSchema,
  NetworkPutSchema,
  ProfileCreateSchema,
  RequestsQuerySchema,
} from '@socialpub/core';
