import { PlusOutlined } from '@ant-design/icons';
import type { Contract, ContractRef } from '@it4u/shared';
import { Button, Divider, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../form/useDebounced.ts';
import { NewContractModal } from './NewContractModal.tsx';
import { useContractSearchQuery } from './useContractSearchQuery.ts';

type Props = {
  value?: ContractRef | null;
  onChange?: (contract: ContractRef | null) => void;
  /** The select's accessible name; 'Customer name' unless told. */
  ariaLabel?: string;
  /** What the closed select shows of the chosen contract: the customer (default) or customer and number. */
  display?: 'client' | 'full';
  status?: 'error' | 'warning' | '';
};

export function toContractRef(contract: Contract | ContractRef): ContractRef {
  const { id, customId, numContract, clientName, street, servicePlans } = contract;
  return { id, customId, numContract, clientName, street, servicePlans };
}

/** A customer contract (the buyer of a stock-out row, a channel's contract): search by customer name or number, or create one. */
export function ContractPicker({ value, onChange, ariaLabel, display = 'client', status }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState(false);
  const q = useDebounced(search.trim(), 250);
  const contracts = useContractSearchQuery(q);
  const found = q ? (contracts.data ?? []) : [];
  const options = found.map((c) => ({ value: c.id, label: `${c.clientName} — ${c.numContract}` }));
  if (value && !found.some((c) => c.id === value.id)) {
    options.unshift({ value: value.id, label: `${value.clientName} — ${value.numContract}` });
  }

  return (
    <>
      <Select<number>
        aria-label={ariaLabel ?? t('common.contract.clientName')}
        status={status}
        value={value?.id}
        allowClear
        open={open}
        onOpenChange={setOpen}
        placeholder={t('common.contract.searchPlaceholder')}
        style={{ width: '100%' }}
        popupMatchSelectWidth={340}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={contracts.isFetching}
        notFoundContent={q ? t('common.contract.noMatch') : t('common.contract.typeToSearch')}
        options={options}
        labelRender={() =>
          value ? (display === 'full' ? `${value.clientName} — ${value.numContract}` : value.clientName) : ''
        }
        onChange={(id) => {
          if (id === undefined || id === null) {
            onChange?.(null);
            return;
          }
          const contract = found.find((c) => c.id === id);
          if (contract) onChange?.(toContractRef(contract));
        }}
        popupRender={(menu) => (
          <>
            {menu}
            <Divider style={{ margin: '4px 0' }} />
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined aria-hidden />}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setOpen(false);
                setCreating(true);
              }}
            >
              {t('common.contract.new')}
            </Button>
          </>
        )}
      />
      {creating && (
        <NewContractModal
          initialName={search.trim()}
          onCreated={(contract) => onChange?.(toContractRef(contract))}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
