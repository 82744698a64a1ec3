// SPDX-License-Identifier: GPL-3.0
// The NZD stablecoin Kauri deploys on the embedded chain to pay distributions (issue 31): a plain ERC-20 with two
// decimals (one unit = one cent), minted only by its owner (the platform's signer) for what a funded distribution
// pays. A test coin: on a real network the stablecoin is configuration (STABLECOIN_ADDRESS), never this contract.
// Compiled by scripts/compile-contracts.mjs into backend/contracts/artifacts/KauriTestNZD.json.
pragma solidity 0.8.17;

contract KauriTestNZD {
    string public constant name = "Kauri Test NZD";
    string public constant symbol = "tNZD";
    uint8 public constant decimals = 2;
    uint256 public totalSupply;
    address public immutable owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address _owner) {
        owner = _owner;
    }

    function mint(address _to, uint256 _amount) external {
        require(msg.sender == owner, "only the owner mints");
        require(_to != address(0), "mint to the zero address");
        totalSupply += _amount;
        balanceOf[_to] += _amount;
        emit Transfer(address(0), _to, _amount);
    }

    function transfer(address _to, uint256 _amount) external returns (bool) {
        _move(msg.sender, _to, _amount);
        return true;
    }

    function approve(address _spender, uint256 _amount) external returns (bool) {
        allowance[msg.sender][_spender] = _amount;
        emit Approval(msg.sender, _spender, _amount);
        return true;
    }

    function transferFrom(address _from, address _to, uint256 _amount) external returns (bool) {
        uint256 allowed = allowance[_from][msg.sender];
        require(allowed >= _amount, "allowance too low");
        if (allowed != type(uint256).max) allowance[_from][msg.sender] = allowed - _amount;
        _move(_from, _to, _amount);
        return true;
    }

    function _move(address _from, address _to, uint256 _amount) private {
        require(_to != address(0), "transfer to the zero address");
        uint256 held = balanceOf[_from];
        require(held >= _amount, "balance too low");
        unchecked {
            balanceOf[_from] = held - _amount;
        }
        balanceOf[_to] += _amount;
        emit Transfer(_from, _to, _amount);
    }
}
