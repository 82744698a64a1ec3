import { theme, Typography } from 'antd';

/** Event data, metadata or folded state, pretty-printed; personal fields of a forgotten person show as null. */
export function Json({ value, label }: { value: unknown; label: string }) {
  const { token } = theme.useToken();
  return (
    <Typography.Paragraph
      aria-label={label}
      style={{
        margin: 0,
        padding: token.paddingSM,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        maxHeight: 360,
        overflow: 'auto',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Typography.Paragraph>
  );
}
