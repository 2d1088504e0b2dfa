import { Model } from 'objection';

/**
 * Every model's base. snake_case ↔ camelCase is mapped once, by the connection
 * (`knexSnakeCaseMappers` in db/connection.ts), so plain Knex queries map the same way as models.
 */
export class BaseModel extends Model {
  /** The table has an `updated_at` column, kept current on every update or patch through the model. */
  static hasUpdatedAt = false;

  override $beforeUpdate() {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt)
      (this as unknown as { updatedAt: Date }).updatedAt = new Date();
  }
}
