import { Datagrid, FunctionField, List, TextField, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { WidgetBarRecord } from './widgetbars-data-provider';
import { widgetBarEditPath } from './paths';

/** The network's widget bars: each with its widgets, opened in the editor. */
export const WidgetBarList = () => {
  const translate = useTranslate();
  return (
    <List pagination={false} exporter={false} sort={{ field: 'slug', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="widgetbars-list">
        <TextField source="slug" label="resources.widgetbars.fields.slug" sortable={false} />
        <FunctionField<WidgetBarRecord>
          label="resources.widgetbars.fields.widgets"
          render={(record) => (record.widgets.length === 0 ? translate('resources.widgetbars.no_widgets') : record.widgets.map((widget) => translate(`resources.widgetbars.types.${widget.type}`)).join(', '))}
        />
        <FunctionField<WidgetBarRecord>
          label=""
          render={(record) => (
            <Link to={widgetBarEditPath(record.slug)} data-testid={`widgetbar-edit-${record.slug}`}>
              {translate('ra.action.edit')}
            </Link>
          )}
        />
      </Datagrid>
    </List>
  );
};
