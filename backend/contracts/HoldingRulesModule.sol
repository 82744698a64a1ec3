// SPDX-License-Identifier: GPL-3.0
// Kauri's one compliance module beside T-REX's own: T-REX 4.1 ships no module for a maximum number of holders
// or for a lock-up per holder, so this adds both to a ModularCompliance. Compiled by scripts/compile-contracts.mjs
// into backend/contracts/artifacts/HoldingRulesModule.json (GPL-3.0, as T-REX it builds on).
pragma solidity 0.8.17;

import "@tokenysolutions/t-rex/contracts/compliance/modular/modules/AbstractModule.sol";

/// The two calls this module makes (T-REX's own interfaces pull in OpenZeppelin and OnchainID sources).
interface IBoundCompliance {
    function getTokenBound() external view returns (address);
}

interface IHeldToken {
    function balanceOf(address _holder) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}

contract HoldingRulesModule is AbstractModule {
    /// compliance => most holders at once (0: no limit)
    mapping(address => uint256) private _maxHolders;
    /// compliance => holders now (addresses with a balance)
    mapping(address => uint256) private _holders;
    /// compliance => holder => unix time before which the holder may not send tokens
    mapping(address => mapping(address => uint256)) private _lockedUntil;

    event MaxHoldersSet(address indexed _compliance, uint256 _max);
    event LockedUntilSet(address indexed _compliance, address indexed _holder, uint256 _until);

    function setMaxHolders(uint256 _max) external onlyComplianceCall {
        _maxHolders[msg.sender] = _max;
        emit MaxHoldersSet(msg.sender, _max);
    }

    /// Extends a holder's lock-up; an earlier time never shortens it (a later purchase cannot free earlier tokens).
    function lockUntil(address _holder, uint256 _until) external onlyComplianceCall {
        if (_until > _lockedUntil[msg.sender][_holder]) {
            _lockedUntil[msg.sender][_holder] = _until;
            emit LockedUntilSet(msg.sender, _holder, _until);
        }
    }

    /// Many holders' lock-ups in one call (the chain outbox's batches): each as `lockUntil`, never shortened.
    function batchLockUntil(address[] calldata _holders, uint256[] calldata _until) external onlyComplianceCall {
        require(_holders.length == _until.length, "lengths differ");
        for (uint256 i = 0; i < _holders.length; i++) {
            if (_until[i] > _lockedUntil[msg.sender][_holders[i]]) {
                _lockedUntil[msg.sender][_holders[i]] = _until[i];
                emit LockedUntilSet(msg.sender, _holders[i], _until[i]);
            }
        }
    }

    function maxHolders(address _compliance) external view returns (uint256) {
        return _maxHolders[_compliance];
    }

    function holders(address _compliance) external view returns (uint256) {
        return _holders[_compliance];
    }

    function lockedUntil(address _compliance, address _holder) external view returns (uint256) {
        return _lockedUntil[_compliance][_holder];
    }

    function moduleTransferAction(address _from, address _to, uint256 _value) external override onlyComplianceCall {
        _arrived(msg.sender, _to, _value);
        _left(msg.sender, _from);
    }

    function moduleMintAction(address _to, uint256 _value) external override onlyComplianceCall {
        _arrived(msg.sender, _to, _value);
    }

    function moduleBurnAction(address _from, uint256 /*_value*/) external override onlyComplianceCall {
        _left(msg.sender, _from);
    }

    function moduleCheck(address _from, address _to, uint256 /*_value*/, address _compliance)
        external view override returns (bool)
    {
        if (_from != address(0) && block.timestamp < _lockedUntil[_compliance][_from]) return false;
        uint256 max = _maxHolders[_compliance];
        if (max != 0 && _balance(_compliance, _to) == 0 && _holders[_compliance] >= max) return false;
        return true;
    }

    /// It counts holders from the first token on, so it binds only to a compliance whose token has none issued.
    function canComplianceBind(address _compliance) external view override returns (bool) {
        address token = IBoundCompliance(_compliance).getTokenBound();
        return token == address(0) || IHeldToken(token).totalSupply() == 0;
    }

    function isPlugAndPlay() external pure override returns (bool) {
        return false;
    }

    function name() public pure override returns (string memory) {
        return "HoldingRulesModule";
    }

    /// Balances are read after the token moved them: a first token makes a new holder, an empty balance ends one.
    function _arrived(address _compliance, address _to, uint256 _value) private {
        if (_value > 0 && _balance(_compliance, _to) == _value) _holders[_compliance] += 1;
    }

    function _left(address _compliance, address _from) private {
        if (_balance(_compliance, _from) == 0 && _holders[_compliance] > 0) _holders[_compliance] -= 1;
    }

    function _balance(address _compliance, address _holder) private view returns (uint256) {
        return IHeldToken(IBoundCompliance(_compliance).getTokenBound()).balanceOf(_holder);
    }
}
