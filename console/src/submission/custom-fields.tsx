import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { FieldDefinition, SubmissionDetail, SubmissionField } from '../api';
import { keyFields } from '../custom-fields';
import { ErrorLine } from '../parts';
import { shownValue } from './field-values';
import { FieldsForm } from './fields-form';
import { Change } from './use-submission';

/**
 * The submission's custom fields beside its request: label and value (a multi_select's choices as a
 * list, a box as Yes or No, a date in the browser's words), retired fields marked, empty ones left out.
 * Edit opens an input per current field of the key (read when Edit is pressed, so the options are
 * today's); nothing when the key has never had fields.
 */
export function CustomFields({ detail, change }: { detail: SubmissionDetail; change: Change }) {
  const [definitions, setDefinitions] = useState<FieldDefinition[] | null>(null);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (detail.fields.length === 0) {
    return null;
  }
  const editable = detail.status !== 'merged' && detail.fields.some((field) => !field.retired);
  const filled = detail.fields.filter((field) => shownValue(field) !== null);

  const edit = async () => {
    setError(null);
    setSaved(false);
    try {
      setDefinitions((await keyFields(detail.api_key.id)).fields);
      setEditing(true);
    } catch (caught) {
      setError((caught as Error).message);
    }
  };

  return (
    <section class="custom-fields" aria-labelledby="custom-fields-title">
      <div class="section-head">
        <h3 id="custom-fields-title">Fields</h3>
        {editable && !editing && (
          <button type="button" class="link" onClick={() => void edit()}>
            Edit fields
          </button>
        )}
      </div>
      <ErrorLine error={error} />
      {saved && !editing && (
        <p class="notice" role="status">
          Fields saved.
        </p>
      )}
      {editing && definitions ? (
        <>
          <FieldsForm
            detail={detail}
            definitions={definitions}
            change={change}
            onDone={(made) => {
              setEditing(false);
              setSaved(made);
            }}
          />
          <Values fields={filled.filter((field) => field.retired)} />
        </>
      ) : filled.length === 0 ? (
        <p class="muted">None given.</p>
      ) : (
        <Values fields={filled} />
      )}
    </section>
  );
}

/** Fields with a value, as label and value. */
function Values({ fields }: { fields: SubmissionField[] }) {
  if (fields.length === 0) {
    return null;
  }
  return (
    <dl class="fields">
      {fields.map((field) => {
        const value = shownValue(field);
        return (
          <Fragment key={field.name}>
            <dt>
              {field.label}
              {field.retired && <span class="badge retired">retired</span>}
            </dt>
            <dd>
              {Array.isArray(value) ? (
                <ul class="value-list">
                  {value.map((choice) => (
                    <li key={choice}>{choice}</li>
                  ))}
                </ul>
              ) : (
                value
              )}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
